-- Metering reads each cluster's pools (removed ones too), subscriptions (cancelled ones too) and
-- load balancers (deleted ones too): the partial indexes of live rows do not serve those reads,
-- so each was a scan of the whole table, once per cluster and hour metered.
CREATE INDEX "cluster_node_pools_cluster_idx" ON "cluster_node_pools" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "subscriptions_cluster_idx" ON "subscriptions" USING btree ("cluster_id") WHERE "subscriptions"."cluster_id" is not null;--> statement-breakpoint
CREATE INDEX "cluster_load_balancers_cluster_idx" ON "cluster_load_balancers" USING btree ("cluster_id","created_at");
