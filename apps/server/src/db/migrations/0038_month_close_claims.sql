-- The organizations whose month an instance is closing right now: the instances running the
-- close at once share the organizations instead of each closing every one.
CREATE TABLE "month_close_claims" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"claimed_by" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "month_close_claims" ADD CONSTRAINT "month_close_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
