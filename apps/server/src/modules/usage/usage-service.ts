import type { UsageReport } from '@alpenkube/contract';
import type { Infrastructure } from '../../infrastructure.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { hourlyRunRate, monthToDate } from './month-to-date.ts';
import type { BillingReads } from './billing-reads.ts';
import { createBudgets } from './budgets.ts';
import { createUsageMeter, type MeteringLog } from './usage-meter.ts';
import { namedUsageCsv, usageReport, type UsageReportQuery } from './usage-report.ts';

/** How often every instance meters the hours that ended and checks the budgets. */
export const METERING_EVERY_MS = 60_000;

/**
 * Usage: hourly usage records metered from the clusters' history (a chore on every instance),
 * the usage report, month-to-date spend and the budgets with their alerts.
 */
export function createUsageService(
  deps: Pick<Infrastructure, 'database' | 'db' | 'jobs' | 'config'> & {
    catalog: CatalogService;
    providers: ProviderRegistry;
    billingReads: BillingReads;
  } & { log?: MeteringLog },
) {
  const { db } = deps;
  const meter = createUsageMeter(deps);
  const budgets = createBudgets(deps);

  // One pass at a time in this process: a long catch-up (after days down) outlasts the
  // interval. Other instances may meter at the same time: each cluster is locked while metered.
  let passing = false;
  deps.jobs.every(METERING_EVERY_MS, 'metering and budget alerts', async () => {
    if (passing) return;
    passing = true;
    try {
      const now = new Date();
      const metered = await meter.meterAll(now).then(
        () => null,
        (error: unknown) => error,
      );
      await budgets.checkAll(now);
      if (metered) throw metered;
    } finally {
      passing = false;
    }
  });

  return {
    /** Meters every cluster's ended hours before `now` (the chore's pass; tests call it). */
    meterAll: meter.meterAll,
    /**
     * Meters the organization's clusters up to `until`, the hour under way included up to then
     * (a month closed "now"). Outside any transaction.
     */
    meterOrganization: meter.meterOrganization,

    /** Month-to-date spend (UTC month of `now`): paid orders, paid renewals, metered usage. */
    monthToDate: (organizationId: number, now = new Date()) =>
      monthToDate(db, deps.billingReads, organizationId, now),
    /** The metered cost of the last hour that has ended, in cents. */
    hourlyRunRate: (organizationId: number, now = new Date()) =>
      hourlyRunRate(db, organizationId, now),

    usage: (organizationId: number, query: UsageReportQuery) =>
      usageReport(db, organizationId, query),
    /** The report as CSV, each line naming the resource it bills. */
    usageCsv: (
      organizationId: number,
      report: UsageReport,
      filter: { clusterId?: number; tag?: string },
    ) => namedUsageCsv(db, organizationId, report, filter),

    budget: (organizationId: number, now = new Date()) => budgets.read(organizationId, now),
    /** The organization's budget and thresholds, or null without one. */
    budgetOf: budgets.budgetOf,
    updateBudget: (
      actor: SessionUser,
      client: ClientInfo,
      body: { amount: number | null; thresholds: number[] },
    ) => budgets.update(actor, client, body),
    /** Sends the organization's budget alerts due and not sent yet; answers their thresholds. */
    checkBudget: budgets.check,
    checkBudgets: budgets.checkAll,
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
