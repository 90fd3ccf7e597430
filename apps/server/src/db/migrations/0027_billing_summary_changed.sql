-- The billing summary is read on every page change and kept per organization in each instance's
-- memory. Every write to a table it reads tells every instance (NOTIFY, one per organization
-- and transaction: PostgreSQL folds identical notifications of a transaction into one), so no
-- code path that changes money can leave a stale summary behind by forgetting to say so.
CREATE OR REPLACE FUNCTION "billing_summary_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_TABLE_NAME = 'organizations' THEN
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END;
  END IF;
  PERFORM pg_notify('billing_summary_changed', changed::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "organizations";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "organizations" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "subscriptions";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "renewals";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "renewals" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "invoices";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "orders";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "budgets";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "budgets" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "usage_daily";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "usage_daily" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "clusters";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "clusters" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();--> statement-breakpoint
DROP TRIGGER IF EXISTS "billing_summary_changed" ON "product_instances";--> statement-breakpoint
CREATE TRIGGER "billing_summary_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_instances" FOR EACH ROW EXECUTE FUNCTION "billing_summary_changed"();
