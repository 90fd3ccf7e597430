import { useQuery } from '@tanstack/react-query';
import type { BillingDetails, VatNumberCheck } from '@alpenkube/contract/billing';
import { Badge } from '@/components/ui/badge';
import { useCan } from '@/lib/session/use-can';
import { countryName, percentOfBasisPoints } from '../billing-format';
import { billingQueries } from '../queries';
import { BillingSection } from './billing-section';
import { FormDialog } from '@/components/ui/form-dialog';
import { BillingDetailsForm, loadForms } from './lazy-forms';
import { QueryGate } from './query-gate';

/** Why VAT is charged on a VAT number, or that it is confirmed: the registry's word on it. */
export function vatCheckNote(check: VatNumberCheck): string {
  const registry =
    check.registry === 'simulated'
      ? 'the simulated VIES registry (development only: no real check)'
      : 'the EU’s VIES registry';
  switch (check.status) {
    case 'pending':
      return 'VAT is charged until the EU’s VIES registry confirms this VAT number; the check runs in a moment.';
    case 'valid':
      return `Confirmed by ${registry}.`;
    case 'invalid':
      return `VAT is charged: ${registry} does not know this VAT number. Check it and save it again.`;
    case 'unavailable':
      return `VAT is charged for now: ${registry} could not be reached. It is asked again every 30 minutes.`;
  }
}

function VatTreatment({ details }: { details: BillingDetails }) {
  const check = details.vatNumberCheck;
  return (
    <span className="grid gap-1">
      {details.vatTreatment === 'reverse_charge' ? (
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant="secondary">Reverse charge</Badge>
          No VAT on our invoices: you account for it in your country.
        </span>
      ) : (
        <span className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">VAT {percentOfBasisPoints(details.vatRateBasisPoints)}</Badge>
          French VAT is added to each invoice.
        </span>
      )}
      {check ? (
        <span className="text-muted-foreground" data-testid="vat-check">
          {vatCheckNote(check)}
        </span>
      ) : null}
    </span>
  );
}

function DetailsView({ details }: { details: BillingDetails }) {
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="grid gap-3 text-sm">
      {details.legalName ? null : (
        <p className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground">
          No billing details yet: invoices are made out to your organization’s name until you add
          them.
        </p>
      )}
      {row('Legal name', details.legalName || '—')}
      {row('Address', details.address || '—')}
      {row('Country', countryName(details.country) || '—')}
      {row('VAT number', details.vatNumber ?? 'None')}
      {row('Billing e-mail', details.email || '—')}
      {row('VAT', <VatTreatment details={details} />, 'vat-treatment')}
    </dl>
  );
}

/** Who the invoices are made out to, and the VAT that follows from it. */
export function BillingDetailsSection() {
  const details = useQuery(billingQueries.details());
  // Only the organization's admins change what invoices say and where they go.
  const canEdit = useCan('verifiedAdmin');
  return (
    <BillingSection
      id="billing-details"
      title="Billing details"
      description="Printed on every invoice from the next one on; issued invoices keep theirs."
      actions={
        canEdit && details.data ? (
          <FormDialog
            preload={loadForms}
            trigger={details.data.legalName ? 'Edit details' : 'Add details'}
            title="Billing details"
            description="A business in another EU country is reverse-charged once the EU’s VIES registry confirms its VAT number."
            wide
          >
            {(close) => <BillingDetailsForm details={details.data!} close={close} />}
          </FormDialog>
        ) : null
      }
    >
      <QueryGate query={details} what="the billing details">
        {(data) => <DetailsView details={data} />}
      </QueryGate>
    </BillingSection>
  );
}
