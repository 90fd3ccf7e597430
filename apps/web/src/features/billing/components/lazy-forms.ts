import { lazy } from 'react';

/**
 * The forms, with react-hook-form, zod and the contract's schemas, in a chunk of their own:
 * loaded when a dialog is about to open (its trigger is pointed at or focused), not with the
 * page, which they would take over its 250 KB of JavaScript.
 */
export const loadForms = () => import('../forms');

export const AddCardForm = lazy(() => loadForms().then((m) => ({ default: m.AddCardForm })));
export const BillingDetailsForm = lazy(() =>
  loadForms().then((m) => ({ default: m.BillingDetailsForm })),
);
export const BudgetForm = lazy(() => loadForms().then((m) => ({ default: m.BudgetForm })));
