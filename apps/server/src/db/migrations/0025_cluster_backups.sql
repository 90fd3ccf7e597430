CREATE TABLE "cluster_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"slot" timestamp with time zone,
	"taken_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"size_bytes" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cluster_backups" ADD CONSTRAINT "cluster_backups_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_backups" ADD CONSTRAINT "cluster_backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_backups_cluster_slot_key" ON "cluster_backups" USING btree ("cluster_id","slot");--> statement-breakpoint
CREATE INDEX "cluster_backups_cluster_taken_idx" ON "cluster_backups" USING btree ("cluster_id","taken_at");--> statement-breakpoint
CREATE INDEX "cluster_backups_expires_idx" ON "cluster_backups" USING btree ("expires_at");
