/** Invoices: closing a month per organization, numbering, VAT, PDF and CSV, voiding. */
export { createInvoiceService, type InvoiceService } from './invoice-service.ts';
export { openInvoiceTotalsOf, recentInvoicesOf } from './invoice-records.ts';
