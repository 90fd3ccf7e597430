import type { DbOrTx } from '../../db/client.ts';
import type { ClusterHistory } from './usage-hours.ts';

/**
 * What metering and the budgets need to know of billing, which sits above this module (it
 * prices renewals from the metered records): the composition root passes billing's functions in.
 */
export interface BillingReads {
  /** The configurations the cluster's subscriptions paid for, for hours from `from` on. */
  prepaidConfigs(
    db: DbOrTx,
    clusterId: number,
    from: Date,
  ): Promise<ClusterHistory['subscriptions']>;
  /** What the organization's renewals paid in [start, end), up to `now`, came to, in cents. */
  paidRenewalCents(
    db: DbOrTx,
    organizationId: number,
    range: { start: Date; end: Date; now: Date },
  ): Promise<number>;
}
