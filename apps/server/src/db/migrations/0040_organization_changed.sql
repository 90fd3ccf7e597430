-- Answers read far more than they change are kept in each instance's memory per organization:
-- the billing summary, and the first pages of the lists (clusters, orders, invoices, products,
-- tickets, people). Every write to a table any of them reads tells every instance (NOTIFY, one per
-- organization and transaction: PostgreSQL folds identical notifications of a transaction into
-- one), so no code path can leave a stale answer behind by forgetting to say so. A ticket's change
-- also says 'support': the staff's queue, over every organization's tickets, is stale too.
-- This replaces the billing summary's own channel (migration 0027), which covered fewer tables.
CREATE OR REPLACE FUNCTION "organization_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM pg_notify('organization_changed', changed::text);
  END IF;
  IF TG_NARGS > 0 THEN
    PERFORM pg_notify('organization_changed', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "organizations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "subscriptions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "renewals";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "invoices";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "orders";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "budgets";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "usage_daily";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "clusters";--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "product_instances";--> statement-breakpoint
DROP FUNCTION IF EXISTS "billing_summary_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "renewals" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "budgets" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "usage_daily" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "clusters" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_instances" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "organization_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_changed" AFTER INSERT OR UPDATE OR DELETE ON "support_tickets" FOR EACH ROW EXECUTE FUNCTION "organization_changed"('support');
