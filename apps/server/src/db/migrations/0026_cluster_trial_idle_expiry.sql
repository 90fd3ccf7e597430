ALTER TABLE "clusters" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "idle_notice_days" integer;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "clusters_expires_idx" ON "clusters" ("expires_at") WHERE "expires_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "clusters_idle_idx" ON "clusters" ("last_used_at") WHERE "last_used_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "sleep_schedule" jsonb;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "asleep" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "woken_until" timestamp with time zone;
