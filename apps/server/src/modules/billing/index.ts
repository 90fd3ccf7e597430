/**
 * Billing: subscriptions and their renewals, prorated credits, the support plan, billing
 * details, and charging renewals off-session.
 */
export { createBillingService, RENEWAL_CHORE_MS, type BillingService } from './billing-service.ts';
export type { ChargeOutcome } from '../payments/index.ts';
export { addPeriod, dayOf } from './periods.ts';
export { readBillingDetails } from './billing-details.ts';
export {
  clusterSubscription,
  periodLeft,
  removalCredit,
  renewedSincePriced,
} from './addon-billing.ts';
export type { SubscriptionRow } from './subscriptions.ts';
export { createSimulatedVatRegistry, type VatRegistry } from './vat-registry.ts';
export { createViesClient } from './vies-client.ts';
export { assertOrderingAllowed } from './ordering-suspension.ts';
export {
  firstRenewalPaidAt,
  liveSubscriptionsOf,
  overdueRenewalsOf,
  paidRenewalCents,
  paidRenewalsBetween,
  prepaidConfigsOf,
} from './renewal-records.ts';
