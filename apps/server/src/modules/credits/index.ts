/**
 * The credit balance's ledger: every module that gives or takes credit (refunds, payments,
 * prorations, grants) moves it here, so the balance always has its history.
 */
export { createCreditService, type CreditService } from './credit-service.ts';
export { lockCreditBalance, moveCredit, type CreditMovement } from './credit-ledger.ts';
