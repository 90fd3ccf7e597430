export { GrantCreditForm } from './grant-credit-form';
export { ReasonForm } from './reason-form';
