ALTER TABLE "cluster_operations" ADD COLUMN "step_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "renewals" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
-- The promo code is taken by the first order paid, no longer reserved by an unpaid one.
DELETE FROM "promo_redemptions" r USING "orders" o WHERE o."id" = r."order_id" AND o."paid_at" IS NULL;
