import { useWatch, type Control } from 'react-hook-form';
import { HOME_VAT_BASIS_POINTS } from '@alpenkube/contract/billing';
import { percentOfBasisPoints } from '../billing-format';
import {
  previewVat,
  type BillingDetailsFormValues,
  type BillingDetailsOutput,
} from './billing-details-schema';

/** The VAT the next invoice applies with the details as typed, by the contract's own rule. */
export function VatPreview({
  control,
}: {
  control: Control<BillingDetailsFormValues, unknown, BillingDetailsOutput>;
}) {
  const [country, vatNumber] = useWatch({ control, name: ['country', 'vatNumber'] });
  const { treatment } = previewVat(country, vatNumber);
  return (
    <p
      role="status"
      className="rounded-lg border bg-muted/40 px-3 py-2 text-sm"
      data-testid="vat-preview"
    >
      {treatment === 'reverse_charge'
        ? 'Reverse charge once the EU’s VIES registry confirms this VAT number (a moment after saving): no VAT on our invoices then; you account for it in your country. Until then French VAT is charged.'
        : `French VAT at ${percentOfBasisPoints(HOME_VAT_BASIS_POINTS)} is added to each invoice. A business elsewhere in the EU is reverse-charged once the EU’s VIES registry confirms its VAT number.`}
    </p>
  );
}
