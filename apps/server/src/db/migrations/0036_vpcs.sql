-- VPC networks: an organization's private IPv4 networks, one provider's region each, and the
-- network each cluster's nodes take their addresses from.
CREATE TABLE "vpcs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text NOT NULL,
	"region" text NOT NULL,
	"ip_range" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vpcs" ADD CONSTRAINT "vpcs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "vpcs_organization_name_key" ON "vpcs" USING btree ("organization_id","name");
--> statement-breakpoint
CREATE INDEX "vpcs_organization_region_idx" ON "vpcs" USING btree ("organization_id","provider","region");
--> statement-breakpoint
CREATE UNIQUE INDEX "vpcs_default_key" ON "vpcs" USING btree ("organization_id","provider","region") WHERE "vpcs"."is_default";
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "vpc_id" integer;
--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_vpc_id_vpcs_id_fk" FOREIGN KEY ("vpc_id") REFERENCES "public"."vpcs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "clusters_vpc_idx" ON "clusters" USING btree ("vpc_id") WHERE "clusters"."vpc_id" is not null;
--> statement-breakpoint
-- Clusters made before: each region's default network, the range a first cluster gets now.
INSERT INTO "vpcs" ("organization_id", "name", "provider", "region", "ip_range", "is_default")
SELECT DISTINCT "organization_id", left(lower('default-' || "provider" || '-' || "region"), 63), "provider", "region", '10.110.0.0/20', true
FROM "clusters" WHERE "status" <> 'deleted';
--> statement-breakpoint
UPDATE "clusters" SET "vpc_id" = "vpcs"."id" FROM "vpcs"
WHERE "clusters"."status" <> 'deleted' AND "vpcs"."is_default"
  AND "vpcs"."organization_id" = "clusters"."organization_id"
  AND "vpcs"."provider" = "clusters"."provider" AND "vpcs"."region" = "clusters"."region";
