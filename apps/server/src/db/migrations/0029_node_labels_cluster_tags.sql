-- Kubernetes labels and taints per node pool, which every node of the pool carries, and tags
-- on clusters for cost allocation (the cluster list and the usage report filter by them; a GIN
-- index answers `tags @> '["team:web"]'`).
ALTER TABLE "cluster_node_pools" ADD COLUMN "labels" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_node_pools" ADD COLUMN "taints" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "clusters_tags_idx" ON "clusters" USING gin ("tags");
