-- Credit codes platform operators issue (an amount, a last day, a number of uses), and which
-- organizations redeemed them: the primary key makes a code once per organization, however
-- many of its members try at once.
CREATE TABLE "credit_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL,
	"expires_on" date NOT NULL,
	"max_redemptions" integer NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL REFERENCES "users"("id"),
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_codes_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "credit_codes_redemptions_bounded" CHECK ("redemptions" >= 0 AND "redemptions" <= "max_redemptions")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "credit_codes_code_idx" ON "credit_codes" ("code");
--> statement-breakpoint
CREATE TABLE "credit_code_redemptions" (
	"code_id" integer NOT NULL REFERENCES "credit_codes"("id"),
	"organization_id" integer NOT NULL REFERENCES "organizations"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"credit_transaction_id" integer NOT NULL REFERENCES "credit_transactions"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_code_redemptions_pk" PRIMARY KEY ("code_id", "organization_id")
);
--> statement-breakpoint
CREATE INDEX "credit_code_redemptions_organization_idx" ON "credit_code_redemptions" ("organization_id");
