export { GrantCreditForm } from './grant-credit-form';
export { ReasonForm } from './reason-form';
export { VoidInvoiceForm } from './void-invoice-form';
export { CreditCodeForm } from './credit-code-form';
