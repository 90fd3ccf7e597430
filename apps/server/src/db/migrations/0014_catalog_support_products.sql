CREATE TABLE "marketplace_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"vendor" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"plans" jsonb NOT NULL,
	"regions" jsonb NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_instances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"order_id" integer,
	"product_slug" text NOT NULL,
	"plan" text NOT NULL,
	"region" text NOT NULL,
	"name" text NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"status_reason" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"endpoint" text,
	"username" text,
	"secret_ciphertext" text,
	"secret_version" integer DEFAULT 0 NOT NULL,
	"secret_shown_at" timestamp with time zone,
	"secret_rotated_at" timestamp with time zone,
	"active_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "target_cluster_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_config" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "product_instance_id" integer;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "kind" text DEFAULT 'ticket' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "related_cluster_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "related_product_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "product_instance_id" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "product_plan" text;--> statement-breakpoint
ALTER TABLE "product_instances" ADD CONSTRAINT "product_instances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_instances" ADD CONSTRAINT "product_instances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_attachments" ADD CONSTRAINT "support_attachments_message_id_support_ticket_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."support_ticket_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_products_slug_key" ON "marketplace_products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_instances_organization_idx" ON "product_instances" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_instances_order_key" ON "product_instances" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_instances_organization_name_key" ON "product_instances" USING btree ("organization_id","name") WHERE "product_instances"."status" not in ('cancelled', 'failed');--> statement-breakpoint
CREATE INDEX "support_attachments_ticket_idx" ON "support_attachments" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "support_ticket_messages" ADD CONSTRAINT "support_ticket_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_related_cluster_id_clusters_id_fk" FOREIGN KEY ("related_cluster_id") REFERENCES "public"."clusters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_related_product_id_product_instances_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."product_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_instance_id_product_instances_id_fk" FOREIGN KEY ("product_instance_id") REFERENCES "public"."product_instances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_target_cluster_idx" ON "orders" USING btree ("target_cluster_id") WHERE "orders"."target_cluster_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_product_instance_idx" ON "orders" USING btree ("product_instance_id") WHERE "orders"."product_instance_id" is not null;--> statement-breakpoint
CREATE INDEX "support_tickets_queue_idx" ON "support_tickets" USING btree ("response_due_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_idx" ON "support_tickets" USING btree ("assignee_id","id") WHERE "support_tickets"."assignee_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_product_key" ON "subscriptions" USING btree ("product_instance_id") WHERE "subscriptions"."product_instance_id" is not null and "subscriptions"."status" <> 'cancelled';--> statement-breakpoint
-- The top severity is called urgent: the tickets that had it and the plans' response targets follow.
UPDATE "support_tickets" SET "severity" = 'urgent' WHERE "severity" = 'critical';--> statement-breakpoint
UPDATE "support_plans" SET "response_minutes" = ("response_minutes" - 'critical') || jsonb_build_object('urgent', "response_minutes" -> 'critical') WHERE "response_minutes" ? 'critical';--> statement-breakpoint
-- Tickets already waiting on the team get their first response target from when they were opened.
UPDATE "support_tickets" SET "response_due_at" = "created_at" + interval '1 day' WHERE "status" = 'open';
