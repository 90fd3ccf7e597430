import type { BillingSummary } from '@alpenkube/contract';
import type { Database } from '../../db/client.ts';
import { createOwnerCache } from '../../lib/owner-cache.ts';
import { hourStart } from '../usage/index.ts';

/** Every write to a table the summary reads says so on this channel (migration 0027's trigger). */
export const BILLING_SUMMARY_CHANGED_CHANNEL = 'billing_summary_changed';

/**
 * The billing summary the app shell asks for on every page change, per organization and hour,
 * until a write to any table it reads invalidates it on every instance. The hour is in the key
 * because the summary's run rate and forecast move with the clock alone.
 *
 * A person reads their own writes: PGlite hands a transaction's notifications over before its
 * COMMIT answers; on PostgreSQL the notification comes on another connection, possibly after the
 * person's next request, so the instance that answered a write forgets the organization's
 * summary before the answer leaves (`forget`, called for every write a member makes). Other
 * instances hear it within the notification's delivery, milliseconds after the commit.
 */
export function createSummaryCache(database: Pick<Database, 'listen' | 'onReconnect'>) {
  const cache = createOwnerCache<Record<string, BillingSummary>>();

  return {
    read(organizationId: number, now: Date, load: () => Promise<BillingSummary>) {
      return cache.read(organizationId, hourStart(now).toISOString(), load);
    },

    /** This instance answered a write of the organization's: its next read loads afresh. */
    forget: (organizationId: number) => cache.invalidate(organizationId),

    /** Listens for changes made by any instance; answers the unsubscribe. */
    async start() {
      const unlisten = await database.listen(BILLING_SUMMARY_CHANGED_CHANNEL, (payload) =>
        cache.invalidate(Number(payload)),
      );
      const unwatch = database.onReconnect(() => cache.clear());
      return async () => {
        unwatch();
        await unlisten();
      };
    },

    size: cache.size,
  };
}
