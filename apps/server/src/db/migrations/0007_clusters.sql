CREATE TABLE "cluster_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"progress" integer,
	"actor_user_id" integer,
	"actor_name" text,
	"step_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cluster_node_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"count" integer NOT NULL,
	"autoscale_min" integer,
	"autoscale_max" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"name" text NOT NULL,
	"zone" text NOT NULL,
	"status" text NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cluster_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"kind" text NOT NULL,
	"steps" jsonb NOT NULL,
	"next_step" integer DEFAULT 0 NOT NULL,
	"step_started_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "clusters" ALTER COLUMN "node_pools" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "kubernetes_patch" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "node_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "monthly_cost_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "operation_kind" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "operation_progress" integer;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "operation_step" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "operation_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD CONSTRAINT "cluster_credentials_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_events" ADD CONSTRAINT "cluster_events_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_events" ADD CONSTRAINT "cluster_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_node_pools" ADD CONSTRAINT "cluster_node_pools_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_nodes" ADD CONSTRAINT "cluster_nodes_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_nodes" ADD CONSTRAINT "cluster_nodes_pool_id_cluster_node_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."cluster_node_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_operations" ADD CONSTRAINT "cluster_operations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_credentials_token_hash_key" ON "cluster_credentials" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "cluster_credentials_cluster_idx" ON "cluster_credentials" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "cluster_events_cluster_idx" ON "cluster_events" USING btree ("cluster_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_events_step_key" ON "cluster_events" USING btree ("cluster_id","step_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_node_pools_cluster_name_key" ON "cluster_node_pools" USING btree ("cluster_id","name") WHERE "cluster_node_pools"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_nodes_cluster_name_key" ON "cluster_nodes" USING btree ("cluster_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_operations_running_key" ON "cluster_operations" USING btree ("cluster_id") WHERE "cluster_operations"."status" = 'running';--> statement-breakpoint
CREATE INDEX "clusters_organization_created_idx" ON "clusters" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Clusters ordered before node pools had a table of their own keep their pools, node count and monthly price.
INSERT INTO "cluster_node_pools" ("cluster_id", "name", "size", "count", "autoscale_min", "autoscale_max", "created_at")
SELECT c."id", p->>'name', p->>'size', (p->>'count')::int, (p->>'autoscaleMin')::int, (p->>'autoscaleMax')::int, c."created_at"
FROM "clusters" c, jsonb_array_elements(c."node_pools") p;
--> statement-breakpoint
UPDATE "clusters" c SET
  "node_count" = (SELECT coalesce(sum((p->>'count')::int), 0) FROM jsonb_array_elements(c."node_pools") p),
  "monthly_cost_cents" = coalesce((SELECT sum((l->>'monthly')::bigint) FROM "orders" o, jsonb_array_elements(o."lines") l WHERE o."id" = c."order_id"), 0);
