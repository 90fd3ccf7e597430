-- An organization's residency policy: where its admins let clusters and products keep data.
-- New organizations keep it in the EU; one that already runs something outside the EU before
-- the policy existed is left free to (its admins can narrow it), so nothing it runs is refused.
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "residency_policy" text DEFAULT 'eu_only' NOT NULL;--> statement-breakpoint
UPDATE "organizations" SET "residency_policy" = 'any'
WHERE "id" IN (
  SELECT "c"."organization_id" FROM "clusters" "c"
  JOIN "providers" "p" ON "p"."slug" = "c"."provider"
  JOIN "regions" "r" ON "r"."provider_id" = "p"."id" AND "r"."code" = "c"."region"
  WHERE "c"."status" <> 'deleted' AND "r"."jurisdiction" = 'non_eu'
  UNION
  SELECT "i"."organization_id" FROM "product_instances" "i"
  JOIN "providers" "p" ON "p"."slug" = split_part("i"."region", ':', 1)
  JOIN "regions" "r" ON "r"."provider_id" = "p"."id" AND "r"."code" = split_part("i"."region", ':', 2)
  WHERE "i"."status" NOT IN ('cancelled', 'failed') AND "r"."jurisdiction" = 'non_eu'
);--> statement-breakpoint
-- The DNS TXT proof of the organization's e-mail domain: the value the platform asks for, and
-- the last time and outcome of a check.
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "domain_token" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN IF NOT EXISTS "domain_check_outcome" text;--> statement-breakpoint
UPDATE "organizations" SET "domain_token" = md5(random()::text || "id"::text) WHERE "email_domain" IS NOT NULL AND "domain_token" IS NULL;
