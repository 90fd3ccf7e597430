-- Which kinds of notice a person also wants by mail: the categories they turned off. No row
-- means every category is mailed, as before this table existed.
CREATE TABLE "mail_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"muted" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
