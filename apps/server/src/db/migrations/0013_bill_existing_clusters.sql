-- Clusters that ran before billing existed: their paid order opens the subscription it would
-- have opened when it was paid (a period that has ended renews at the next pass of the chore),
-- and metering starts at this hour, so the hours they ran before are not billed after the fact.
INSERT INTO "subscriptions" ("organization_id", "kind", "cluster_id", "order_id", "billing_cycle", "paid_config", "period_price_cents", "period_start", "period_end")
SELECT c."organization_id", 'cluster', c."id", o."id", o."billing_cycle", o."cluster_config", o."subtotal_cents", o."paid_at",
  o."paid_at" + CASE o."billing_cycle" WHEN 'yearly' THEN interval '1 year' ELSE interval '1 month' END
FROM "clusters" c
JOIN "orders" o ON o."id" = c."order_id"
WHERE c."status" NOT IN ('failed', 'deleted')
  AND o."paid_at" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "subscriptions" s WHERE s."cluster_id" = c."id");
--> statement-breakpoint
UPDATE "clusters" SET "metered_through" = date_trunc('hour', now()) WHERE "metered_through" IS NULL;
