-- Volumes and load balancers a real provider's cluster made from inside (a PersistentVolumeClaim,
-- a Service of type LoadBalancer), observed at the provider and billed as the platform's own:
-- `provider_ref` is the provider's id of the resource (null for a row the platform made), and
-- a cluster's `resources_observed_at` is when the provider last answered what it has, so that
-- metering bills no hour the platform has not looked at yet.
ALTER TABLE "cluster_volumes" ADD COLUMN "provider_ref" text;
--> statement-breakpoint
ALTER TABLE "cluster_load_balancers" ADD COLUMN "provider_ref" text;
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "resources_observed_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_volumes_cluster_ref_key" ON "cluster_volumes" USING btree ("cluster_id","provider_ref") WHERE "cluster_volumes"."deleted_at" is null and "cluster_volumes"."provider_ref" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_load_balancers_cluster_ref_key" ON "cluster_load_balancers" USING btree ("cluster_id","provider_ref") WHERE "cluster_load_balancers"."deleted_at" is null and "cluster_load_balancers"."provider_ref" is not null;
