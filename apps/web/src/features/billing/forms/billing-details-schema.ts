import { z } from 'zod';
import {
  updateBillingDetailsSchema,
  vatFor,
  type UpdateBillingDetails,
} from '@alpenkube/contract/billing';

/** What the form holds: text as typed; an empty VAT number is none. */
export interface BillingDetailsFormValues {
  legalName: string;
  address: string;
  country: string;
  vatNumber: string;
  email: string;
}

/** The contract's rules (the server applies the same), with an empty VAT number sent as null. */
export const billingDetailsFormSchema = z
  .object({
    legalName: z.string(),
    address: z.string(),
    country: z.string(),
    vatNumber: z.string(),
    email: z.string(),
  })
  .transform((values): UpdateBillingDetails => ({
    ...values,
    vatNumber: values.vatNumber.trim() || null,
  }))
  .pipe(updateBillingDetailsSchema);
export type BillingDetailsOutput = z.output<typeof billingDetailsFormSchema>;

/** The VAT number as the server will store it: upper case, without spaces, dots or dashes. */
export const normalizeVatNumber = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s.-]/g, '') || null;

/**
 * The VAT the invoices would apply with the details as typed, once the EU's registry confirmed
 * the number: the contract's `vatFor`, given the VAT number only once it is one the contract
 * accepts for that country (a number of another country, or a half-typed one, is refused on
 * saving and reverse-charges nothing).
 */
export function previewVat(country: string, vatText: string) {
  const vatNumber = normalizeVatNumber(vatText);
  const prefix = country === 'GR' ? 'EL' : country;
  const accepted =
    vatNumber !== null &&
    /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vatNumber) &&
    vatNumber.startsWith(prefix);
  return vatFor({
    country,
    vatNumber: accepted ? vatNumber : null,
    vatNumberStatus: accepted ? 'valid' : null,
  });
}
