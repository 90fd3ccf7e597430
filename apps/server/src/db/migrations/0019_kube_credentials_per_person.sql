-- Kubernetes API credentials were one per cluster, shared by everyone who downloaded a kubeconfig:
-- they name nobody, so they are dropped (every kubeconfig given out so far stops working; a new
-- download holds the person's own).
DELETE FROM "cluster_credentials";--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD COLUMN "user_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "cluster_credentials" ADD CONSTRAINT "cluster_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_credentials_live_per_person_key" ON "cluster_credentials" USING btree ("cluster_id","user_id") WHERE "cluster_credentials"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "cluster_credentials_user_idx" ON "cluster_credentials" USING btree ("user_id");
