import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { priceCluster, proratedCredit } from '@alpenkube/contract';
import { billingDetails, renewals, subscriptions } from '../billing/schema.ts';
import { clusterNodePools, clusters } from '../clusters/schema.ts';
import { creditTransactions } from '../credits/schema.ts';
import { invoices } from '../invoices/schema.ts';
import { budgets } from '../usage/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { paymentMethods } from '../payments/schema.ts';
import type { DemoServices } from './demo-services.ts';
import { addPeriod } from '../billing/index.ts';
import { clusterConfigNow } from '../clusters/index.ts';
import { moveCredit } from '../credits/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The first instant of the UTC month `offset` months from the one of `date`. */
const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));

/**
 * The demo organization's billing past, so that /billing and /usage are alive on the first
 * start: its billing details, a budget, the subscriptions of its clusters with a history (each
 * month renewed and paid with the demo card), a grant and a prorated credit, then its last
 * three months metered from the clusters' history and closed by the same services as a month
 * end (invoices numbered, charged, PDFs drawn from them).
 */
export async function seedDemoBilling(
  services: DemoServices,
  organizationId: number,
  now = new Date(),
) {
  const { db } = services;
  const { value: catalog } = await services.catalog.catalog();
  const day = (date: Date) => date.toISOString().slice(0, 10);

  await db.transaction(async (tx) => {
    await tx.insert(billingDetails).values({
      organizationId,
      legalName: 'Alpenkube Demo GmbH',
      address: 'Friedrichstraße 68\n10117 Berlin\nGermany',
      country: 'DE',
      vatNumber: 'DE811907980',
      // The simulated VAT registry lists this number: seeded as it has confirmed it.
      vatNumberStatus: 'valid',
      vatNumberCheckedAt: now,
      vatRegistry: 'simulated',
      email: 'billing@demo.alpenkube.eu',
    });
    await tx
      .insert(budgets)
      .values({ organizationId, amountCents: 2_000_000, thresholds: [50, 80, 100] });

    const [card] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.organizationId, organizationId), isNull(paymentMethods.removedAt)),
      );
    const pastClusters = await tx
      .select()
      .from(clusters)
      .where(
        and(
          eq(clusters.organizationId, organizationId),
          isNull(clusters.orderId),
          inArray(clusters.status, ['running', 'degraded', 'deleted']),
        ),
      );
    // The organization exists since the day before its oldest cluster: its first invoice
    // starts there.
    const oldest = Math.min(...pastClusters.map((cluster) => cluster.createdAt.getTime()));
    await tx
      .update(organizations)
      .set({ createdAt: new Date(oldest - DAY) })
      .where(eq(organizations.id, organizationId));
    const grant = await moveCredit(tx, {
      organizationId,
      kind: 'grant',
      amountCents: 25_000,
      description: 'Welcome credit for the migration from on-premises',
    });
    await tx
      .update(creditTransactions)
      .set({ createdAt: new Date(oldest) })
      .where(eq(creditTransactions.id, grant!.id));
    for (const cluster of pastClusters) {
      const current = await clusterConfigNow(tx, cluster.id, catalog);
      if (!current) continue;
      const deleted = cluster.status === 'deleted';
      // A deleted cluster's pools are gone: it paid for them while it ran.
      const pools = await tx
        .select()
        .from(clusterNodePools)
        .where(eq(clusterNodePools.clusterId, cluster.id))
        .orderBy(asc(clusterNodePools.id));
      const paidConfig = {
        ...current.config,
        nodePools: pools.map((pool) => ({ name: pool.name, size: pool.size, count: pool.count })),
      };
      const price = priceCluster(paidConfig, catalog).monthly;
      let start = cluster.createdAt;
      // Periods come back to the day the first one began on after a shorter month.
      const next = (from: Date) => addPeriod(from, 'monthly', cluster.createdAt.getUTCDate());
      const end = deleted ? (cluster.deletedAt ?? now) : now;
      const paidPeriod = (periodStart: Date, first: boolean) => ({
        organizationId,
        description: `Cluster ${cluster.name}, ${first ? 'first month' : 'monthly'}: ${day(periodStart)} to ${day(next(periodStart))}`,
        periodStart,
        periodEnd: next(periodStart),
        amountCents: price,
        cardAmountCents: price,
        paymentMethodId: card?.id ?? null,
        status: 'paid' as const,
        attempts: 1,
        paidAt: periodStart,
        createdAt: periodStart,
      });
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          organizationId,
          kind: 'cluster',
          clusterId: cluster.id,
          billingCycle: 'monthly',
          paidConfig,
          periodPriceCents: price,
          periodStart: start,
          periodEnd: next(start),
          createdAt: start,
        })
        .returning();
      // Its first month was paid when it was created (these clusters predate orders), and each
      // month it ran after that was renewed at its start, all with the card.
      await tx
        .insert(renewals)
        .values({ subscriptionId: subscription!.id, ...paidPeriod(start, true) });
      while (next(start) <= end) {
        start = next(start);
        await tx
          .insert(renewals)
          .values({ subscriptionId: subscription!.id, ...paidPeriod(start, false) });
      }
      await tx
        .update(subscriptions)
        .set({
          periodStart: start,
          periodEnd: next(start),
          status: deleted ? 'cancelled' : 'active',
          cancelledAt: deleted ? end : null,
        })
        .where(eq(subscriptions.id, subscription!.id));
      if (deleted) {
        const periodEnd = next(start);
        const credit = proratedCredit(
          price,
          Math.floor((periodEnd.getTime() - end.getTime()) / HOUR),
          Math.round((periodEnd.getTime() - start.getTime()) / HOUR),
        );
        const entry = await moveCredit(tx, {
          organizationId,
          kind: 'proration',
          amountCents: credit,
          description: `Cluster ${cluster.name} deleted before its period ended: the unused part`,
        });
        if (entry) {
          await tx
            .update(creditTransactions)
            .set({ createdAt: end })
            .where(eq(creditTransactions.id, entry.id));
        }
      }
    }
  });

  // The months since, closed as the month-end job closes them.
  for (let offset = -3; offset <= 0; offset += 1) {
    const until = monthStart(now, offset);
    await services.usage.meterOrganization(organizationId, until);
    const invoice = await services.invoices.closeMonth(organizationId, until);
    if (!invoice) continue;
    const issued = new Date(until.getTime() + HOUR);
    await db
      .update(invoices)
      .set({ issuedAt: issued, ...(invoice.paidAt ? { paidAt: issued } : {}) })
      .where(eq(invoices.id, invoice.id));
    await db
      .update(creditTransactions)
      .set({ createdAt: issued })
      .where(eq(creditTransactions.invoiceId, invoice.id));
  }
}
