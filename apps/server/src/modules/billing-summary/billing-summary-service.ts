import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import { hourStart, type UsageService } from '../usage/index.ts';
import { billingSummary } from './billing-summary.ts';

/**
 * `GET /api/billing/summary`'s answer, kept per organization and hour until a write changes it
 * (`organizationAnswers`). The hour is in the key because the summary's run rate and forecast
 * move with the clock alone.
 */
export function createBillingSummaryService(
  deps: Pick<Infrastructure, 'db' | 'organizationAnswers'> & {
    catalog: CatalogService;
    usage: Pick<UsageService, 'monthToDate' | 'hourlyRunRate' | 'budgetOf'>;
  },
) {
  return {
    /** The organization's summary at `now`. Outside any transaction. */
    summary: (organizationId: number, now = new Date()) =>
      deps.organizationAnswers.read(
        organizationId,
        `billing-summary:${hourStart(now).toISOString()}`,
        async () => {
          const { value: catalog } = await deps.catalog.catalog();
          return billingSummary(deps.db, deps.usage, organizationId, now, catalog);
        },
      ),
  };
}

export type BillingSummaryService = ReturnType<typeof createBillingSummaryService>;
