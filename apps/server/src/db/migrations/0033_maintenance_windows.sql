-- Maintenance windows and automatic upgrades. A cluster's weekly window (day, start hour, time
-- zone; a null zone is its region's) is when changes it did not ask for happen: patch releases
-- while auto-upgrade is on, and the upgrade of a minor reaching its end of support.
ALTER TABLE "clusters" ADD COLUMN "maintenance_day" text DEFAULT 'sun' NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "maintenance_hour" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "maintenance_time_zone" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "auto_upgrade" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The notices of an end-of-support upgrade (30, 7 and 1 days before it), each sent once.
CREATE TABLE "cluster_maintenance_notices" (
	"cluster_id" integer NOT NULL REFERENCES "clusters"("id") ON DELETE CASCADE,
	"minor" text NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("cluster_id", "minor", "days_before")
);--> statement-breakpoint
-- Each minor's patch releases with their upstream release dates, oldest first; a patch dated
-- later than now is scheduled upstream and applied in the windows once it is out.
ALTER TABLE "kubernetes_versions" ADD COLUMN "patches" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "kubernetes_versions" SET "patches" = '[
  {"patch":"1.35.0","releasedOn":"2025-12-17"},{"patch":"1.35.1","releasedOn":"2026-01-13"},
  {"patch":"1.35.2","releasedOn":"2026-02-10"},{"patch":"1.35.3","releasedOn":"2026-03-17"},
  {"patch":"1.35.4","releasedOn":"2026-04-14"},{"patch":"1.35.5","releasedOn":"2026-05-12"},
  {"patch":"1.35.6","releasedOn":"2026-06-16"},{"patch":"1.35.7","releasedOn":"2026-07-14"},
  {"patch":"1.35.8","releasedOn":"2026-09-15"},{"patch":"1.35.9","releasedOn":"2026-11-10"},
  {"patch":"1.35.10","releasedOn":"2026-12-09"},{"patch":"1.35.11","releasedOn":"2027-01-12"}
]'::jsonb WHERE "minor" = '1.35';--> statement-breakpoint
UPDATE "kubernetes_versions" SET "patches" = '[
  {"patch":"1.36.0","releasedOn":"2026-04-22"},{"patch":"1.36.1","releasedOn":"2026-05-12"},
  {"patch":"1.36.2","releasedOn":"2026-06-16"},{"patch":"1.36.3","releasedOn":"2026-07-14"},
  {"patch":"1.36.4","releasedOn":"2026-09-15"},{"patch":"1.36.5","releasedOn":"2026-11-10"},
  {"patch":"1.36.6","releasedOn":"2026-12-09"},{"patch":"1.36.7","releasedOn":"2027-01-12"}
]'::jsonb WHERE "minor" = '1.36';--> statement-breakpoint
UPDATE "kubernetes_versions" SET "patches" = '[
  {"patch":"1.37.0","releasedOn":"2026-08-26"},{"patch":"1.37.1","releasedOn":"2026-09-15"},
  {"patch":"1.37.2","releasedOn":"2026-11-10"},{"patch":"1.37.3","releasedOn":"2026-12-09"},
  {"patch":"1.37.4","releasedOn":"2027-01-12"}
]'::jsonb WHERE "minor" = '1.37';
