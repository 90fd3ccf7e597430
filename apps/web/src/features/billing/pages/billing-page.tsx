import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { PageHeading } from '@/components/page/page-heading';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BillingDetailsSection } from '../components/billing-details-section';
import { BillingOverview } from '../components/billing-overview';
import { BudgetSection } from '../components/budget-section';
import { CloseMonthButton } from '../components/close-month-button';
import { CreditsSection } from '../components/credits-section';
import { InvoiceDialog } from '../components/invoice-dialog';
import { InvoicesSection } from '../components/invoices-section';
import { PaymentMethodsSection } from '../components/payment-methods-section';
import { SupportPlanSection } from '../components/support-plan-section';

/**
 * /billing: the month's figures and what is overdue, then invoices, cards, credits, the support
 * plan, the billing details and the budget. Each part loads, fails and retries on its own.
 * `?invoice=<id>` opens an invoice.
 */
export function BillingPage() {
  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <PageHeading
        title="Billing"
        lead="Balance, this month’s spend, invoices, cards and billing details."
      >
        <CloseMonthButton />
        <Button asChild variant="outline">
          <Link to={paths.usage}>
            <BarChart3 aria-hidden="true" />
            Usage
          </Link>
        </Button>
      </PageHeading>
      <BillingOverview />
      <InvoicesSection />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <PaymentMethodsSection />
        <SupportPlanSection />
      </div>
      <CreditsSection />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <BillingDetailsSection />
        <BudgetSection />
      </div>
      <InvoiceDialog />
    </div>
  );
}
