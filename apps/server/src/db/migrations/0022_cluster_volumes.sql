-- A cluster's persistent volumes and load balancers: storage is billed by the GB-hour of the
-- volumes that existed in an hour, egress by the traffic through the load balancers.
CREATE TABLE "cluster_volumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_gb" integer NOT NULL,
	"storage_class" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_load_balancers" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip" text NOT NULL,
	"simulated" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cluster_volumes" ADD CONSTRAINT "cluster_volumes_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_load_balancers" ADD CONSTRAINT "cluster_load_balancers_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_volumes_cluster_name_key" ON "cluster_volumes" USING btree ("cluster_id","name") WHERE "cluster_volumes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cluster_volumes_cluster_idx" ON "cluster_volumes" USING btree ("cluster_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_load_balancers_cluster_name_key" ON "cluster_load_balancers" USING btree ("cluster_id","name") WHERE "cluster_load_balancers"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_load_balancers_cluster_ip_key" ON "cluster_load_balancers" USING btree ("cluster_id","ip") WHERE "cluster_load_balancers"."deleted_at" is null;
