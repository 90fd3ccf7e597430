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
 * Kept only on the embedded database: PGlite hands a transaction's notifications over before
 * its COMMIT answers, so a request never reads what was true before its own organization's last
 * write. On PostgreSQL the notification comes on another connection, possibly after the next
 * request of the same person; there every summary is computed afresh.
 */
export function createSummaryCache(database: Pick<Database, 'kind' | 'listen' | 'onReconnect'>) {
  const cache = createOwnerCache<Record<string, BillingSummary>>();
  const enabled = database.kind === 'pglite';

  return {
    read(organizationId: number, now: Date, load: () => Promise<BillingSummary>) {
      if (!enabled) return load();
      return cache.read(organizationId, hourStart(now).toISOString(), load);
    },

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
