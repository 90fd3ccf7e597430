/**
 * The billing summary: the billing page's and the app shell's figures (balance, month to date,
 * forecast, next renewal, open invoices, budget, suspension), read from billing, invoices and
 * usage, kept per organization and hour on the embedded database.
 */
export {
  createBillingSummaryService,
  type BillingSummaryService,
} from './billing-summary-service.ts';
