import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { UsageService } from '../usage/index.ts';
import { billingSummary } from './billing-summary.ts';
import { createSummaryCache } from './summary-cache.ts';

/** `GET /api/billing/summary`'s answer, kept per organization until a write changes it. */
export function createBillingSummaryService(
  deps: Pick<Infrastructure, 'database' | 'db'> & {
    catalog: CatalogService;
    usage: Pick<UsageService, 'monthToDate' | 'hourlyRunRate' | 'budgetOf'>;
  },
) {
  const summaries = createSummaryCache(deps.database);
  return {
    /** Starts hearing which organizations' summaries changed; answers the unsubscribe. */
    start: summaries.start,

    /** The organization's summary at `now`. Outside any transaction. */
    summary: (organizationId: number, now = new Date()) =>
      summaries.read(organizationId, now, async () => {
        const { value: catalog } = await deps.catalog.catalog();
        return billingSummary(deps.db, deps.usage, organizationId, now, catalog);
      }),

    /** A member of the organization wrote: their next read must see it, on this instance too. */
    forget: summaries.forget,

    /** How many organizations' summaries are kept (tests watch it). */
    size: summaries.size,
  };
}

export type BillingSummaryService = ReturnType<typeof createBillingSummaryService>;
