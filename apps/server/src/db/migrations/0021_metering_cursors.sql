-- Metering keeps its cursor in a table of its own instead of writing the clusters' rows (the
-- clusters module owns those). The cursors carry over; written to run again on a database that
-- has the old column back (the upgrade test of 0013 does so).
CREATE TABLE IF NOT EXISTS "metering_cursors" (
	"cluster_id" integer PRIMARY KEY NOT NULL,
	"metered_through" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metering_cursors" DROP CONSTRAINT IF EXISTS "metering_cursors_cluster_id_clusters_id_fk";--> statement-breakpoint
ALTER TABLE "metering_cursors" ADD CONSTRAINT "metering_cursors_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "metering_cursors" ("cluster_id", "metered_through")
SELECT "id", "metered_through" FROM "clusters" WHERE "metered_through" IS NOT NULL
ON CONFLICT ("cluster_id") DO NOTHING;--> statement-breakpoint
ALTER TABLE "clusters" DROP COLUMN "metered_through";
