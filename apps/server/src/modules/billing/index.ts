/**
 * Billing: subscriptions and their renewals, prorated credits, the support plan, billing
 * details, charging renewals off-session, and paid changes on a running cluster (an add-on, an
 * HA control plane: an order for the rest of the prepaid period, then the cluster's operation).
 */
export { createBillingService, RENEWAL_CHORE_MS, type BillingService } from './billing-service.ts';
export type { ChargeOutcome } from '../payments/index.ts';
export { addPeriod, dayOf } from './periods.ts';
export { readBillingDetails } from './billing-details.ts';
export { removalCredit } from './addon-billing.ts';
export {
  clusterForChange,
  createPaidChange,
  type ClusterForChange,
  type PaidChangeKind,
} from './paid-changes.ts';
export {
  openPaidChangeOrder,
  settlePaidChange,
  type PaidChangeOrders,
} from './paid-change-orders.ts';
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
