import type { ChangePlan, UpdateBillingDetails, UpdateBudget } from '@alpenkube/contract/billing';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { billing, dev } = endpoints;

export const payRenewal = (id: number) => request(billing.payRenewal, { params: [id] });
export const payInvoice = (id: number) => request(billing.payInvoice, { params: [id] });
export const changePlan = (body: ChangePlan, idempotencyKey: string) =>
  request(billing.changePlan, { body, headers: { 'Idempotency-Key': idempotencyKey } });
export const updateBillingDetails = (body: UpdateBillingDetails) =>
  request(billing.updateDetails, { body });
export const updateBudget = (body: UpdateBudget) => request(billing.updateBudget, { body });
export const redeemCreditCode = (code: string) =>
  request(billing.redeemCreditCode, { body: { code } });
/** Development only: closes the caller's organization's month up to now. */
export const closeMonth = () => request(dev.closeMonth, { body: {} });

/** Where an invoice's PDF and its period's usage download: plain links, the cookie goes along. */
export const invoicePdfHref = (id: number) => billing.invoicePdf.path(id);
export const creditNotePdfHref = (id: number) => billing.creditNotePdf.path(id);
export const invoiceCsvHref = (id: number) => billing.invoiceUsageCsv.path(id);
