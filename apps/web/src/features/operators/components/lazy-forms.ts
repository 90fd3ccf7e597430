import { lazy } from 'react';

/**
 * The dialogs' forms, with react-hook-form and their schemas, in a chunk of their own: loaded
 * when a dialog is about to open (its trigger is pointed at or focused), not with the page.
 */
export const loadForms = () => import('../forms');

export const ReasonForm = lazy(() => loadForms().then((m) => ({ default: m.ReasonForm })));
export const GrantCreditForm = lazy(() =>
  loadForms().then((m) => ({ default: m.GrantCreditForm })),
);
export const VoidInvoiceForm = lazy(() =>
  loadForms().then((m) => ({ default: m.VoidInvoiceForm })),
);
export const CreditCodeForm = lazy(() => loadForms().then((m) => ({ default: m.CreditCodeForm })));
