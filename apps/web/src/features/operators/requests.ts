import type { CreateCreditCode, VoidInvoice } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { operators, billing } = endpoints;

export const approveOrganization = (id: number) => request(operators.approve, { params: [id] });
export const suspendOrganization = (id: number, reason: string) =>
  request(operators.suspend, { params: [id], body: { reason } });
export const reinstateOrganization = (id: number) => request(operators.reinstate, { params: [id] });
export const setOfficerAccess = (userId: number, officerAccess: boolean) =>
  request(operators.officerAccess, { params: [userId], body: { officerAccess } });
/** `amount` in cents. */
export const grantCredit = (organizationId: number, amount: number, reason: string) =>
  request(billing.grantCredit, { body: { organizationId, amount, reason } });
export const voidInvoice = (invoiceId: number, body: VoidInvoice) =>
  request(billing.voidInvoice, { params: [invoiceId], body });
export const createCreditCode = (body: CreateCreditCode) =>
  request(billing.createCreditCode, { body });
export const revokeCreditCode = (id: number) => request(billing.revokeCreditCode, { params: [id] });
