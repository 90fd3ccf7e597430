ALTER TABLE "support_attachments" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "uploaded_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "usage_csv_sha256" text;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_attachments_storage_key" ON "support_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "support_attachments_organization_size_idx" ON "support_attachments" USING btree ("organization_id","size_bytes");--> statement-breakpoint
CREATE INDEX "support_attachments_uploader_size_idx" ON "support_attachments" USING btree ("uploaded_by_user_id","size_bytes");--> statement-breakpoint
CREATE INDEX "support_attachments_unmoved_idx" ON "support_attachments" USING btree ("id") WHERE "support_attachments"."storage_key" is null;--> statement-breakpoint
CREATE INDEX "usage_records_invoice_idx" ON "usage_records" USING btree ("invoice_id","hour") WHERE "usage_records"."invoice_id" is not null;--> statement-breakpoint
-- Each file's quota owners, from its ticket and its message.
UPDATE "support_attachments" AS a
SET "organization_id" = t."organization_id", "uploaded_by_user_id" = m."author_user_id"
FROM "support_tickets" t, "support_ticket_messages" m
WHERE t."id" = a."ticket_id" AND m."id" = a."message_id";
--> statement-breakpoint
-- Names kept before direction controls were stripped at upload lose them now, so that
-- "r<U+202E>ftp.exe" shows as what it is. A name of controls alone becomes "attachment".
UPDATE "support_attachments"
SET "file_name" = coalesce(
  nullif(btrim(regexp_replace("file_name", U&'[\202A-\202E\2066-\2069\200E\200F\061C]', '', 'g')), ''),
  'attachment'
)
WHERE "file_name" ~ U&'[\202A-\202E\2066-\2069\200E\200F\061C]';
