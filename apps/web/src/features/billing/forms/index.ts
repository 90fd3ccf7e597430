export { AddCardForm } from './add-card-form';
export { BillingDetailsForm } from './billing-details-form';
export { BudgetForm } from './budget-form';
