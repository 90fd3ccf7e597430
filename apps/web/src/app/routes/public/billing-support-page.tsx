import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FormPageLayout } from '@/components/page/form-page-layout';
import { TicketForm } from '@/features/support/ticket-form';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const selfService = [
  { text: 'Download invoices as PDF', to: paths.billing },
  { text: 'Follow usage by day and resource', to: paths.usage },
  { text: 'How prices, discounts and invoices work', to: paths.tutorial('billing-and-invoices') },
];

export function BillingSupportPage() {
  useRouteMeta('/billing-support');
  return (
    <FormPageLayout
      eyebrow="Support"
      title="Billing support"
      lead="Questions about an invoice, a charge, a payment method or a credit are answered by our billing team within one business day."
      aside={
        <>
          <section>
            <h2>Do it yourself (signed in)</h2>
            <ul className="mt-2 space-y-2">
              {selfService.map((item) => (
                <li key={item.text}>
                  <Link className="text-primary underline" to={item.to}>
                    {item.text}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h2>Include</h2>
            <p className="mt-2">
              The invoice number (e.g. INV-2025-000123) and your Billing ID, shown in the account
              menu. Never send a full card number: we never ask for one.
            </p>
          </section>
          <section>
            <h2>Refunds and credits</h2>
            <p className="mt-2">
              SLA credits are applied to the next invoice automatically. Disputed charges are
              investigated within five business days.
            </p>
          </section>
        </>
      }
    >
      <h2 className="mb-6 text-lg font-semibold">Open a billing ticket</h2>
      <TicketForm
        category="billing"
        descriptionHint="The invoice number, the line in question and what you expected to pay."
      />
    </FormPageLayout>
  );
}
