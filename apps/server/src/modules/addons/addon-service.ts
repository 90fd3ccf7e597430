import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Catalog, ClusterAddons, CreateAddonOrder, Order } from '@alpenkube/contract';
import type { Tx } from '../../db/client.ts';
import { defineJob, enqueueJob } from '../../jobs/job-queue.ts';
import { conflict, invalidFields, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { assertOrderingAllowed, type BillingService } from '../billing/index.ts';
import { clusterConfigNow, findCluster, type ClusterService } from '../clusters/index.ts';
import {
  createOrderFulfilment,
  noteOrder,
  placeOnce,
  type OrderKindHandler,
  type OrderRecord,
  type OrderService,
  type PaidOrderOutcome,
} from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import {
  clusterSubscription,
  dayOf,
  periodLeft,
  removalCredit,
  renewedSincePriced,
} from '../billing/index.ts';
import { createNotification } from '../notifications/index.ts';
import { assertResidencyAllows } from '../organizations/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { addonOfOrder, lockAddonOrder, openAddonOrder, placeAddonOrder } from './addon-orders.ts';
import { addonPrice, addonRefusal, chargedLine } from './addon-quotes.ts';

type OrderRow = OrderRecord;

/** Installs what a paid add-on order bought, once its cluster is free for a change. */
export const addonInstallJob = defineJob(
  'addon.install',
  z.object({ orderId: z.number().int().positive() }),
);

/**
 * Add-ons on an organization's clusters: what each costs on a cluster for the rest of its
 * prepaid period, ordering one (an order of kind `addon`, paid like any order), the job that
 * installs it once paid, and removing one (a change of the cluster, credited when it is done).
 */
export function createAddonService(
  deps: Pick<Infrastructure, 'db' | 'jobs'> & {
    catalog: CatalogService;
    clusters: ClusterService;
    orders: OrderService;
    billing: BillingService;
    providers: ProviderRegistry;
  },
) {
  const { db } = deps;
  const fulfilment = createOrderFulfilment();
  const catalogNow = async () => (await deps.catalog.catalog()).value;

  /** The organization's cluster, locked when asked, with its configuration and its period. */
  async function clusterState(
    tx: Tx,
    organizationId: number,
    id: number,
    catalog: Catalog,
    lock: boolean,
  ) {
    const found = await findCluster(tx, organizationId, id, lock);
    const now = await clusterConfigNow(tx, found.id, catalog);
    if (!now || now.cluster.status === 'deleted') throw notFound('Cluster not found');
    const subscription = await clusterSubscription(tx, id);
    const at = new Date();
    const period = {
      billingCycle: subscription?.billingCycle ?? ('monthly' as const),
      ...(subscription ? periodLeft(subscription, at) : { hoursLeft: 0, periodHours: 0 }),
    };
    return { ...now, subscription, period, at };
  }

  async function install({ orderId }: { orderId: number }) {
    const catalog = await catalogNow();
    const retryInMs = await db.transaction(async (tx) => {
      const order = await lockAddonOrder(tx, orderId);
      if (!order || order.status !== 'fulfilling' || !order.targetClusterId) return null;
      const slug = addonOfOrder(order)!;
      const outcome = await deps.clusters.startAddonInstall(
        tx,
        {
          organizationId: order.organizationId,
          clusterId: order.targetClusterId,
          slug,
          requestedBy: order.userId,
        },
        catalog,
      );
      if (outcome === 'busy') return Math.max(20, 10 * deps.providers.simulatedSecondMs);
      if (outcome === 'started') {
        await noteOrder(tx, order.id, 'fulfilling', 'The provider is installing the add-on');
      } else if (outcome === 'installed') {
        await deps.billing.clusterHooks.addonInstalled(tx, order.targetClusterId, slug, catalog);
        await fulfilment.completed(tx, order.id, 'The add-on was already installed');
      } else if (outcome === 'gone') {
        await fulfilment.failed(tx, order.id, 'The cluster is no longer there');
        if (order.userId) {
          await createNotification(
            tx,
            order.userId,
            'error',
            `${order.description} could not be installed: the cluster is no longer there. What you paid is back in your credit balance.`,
          );
        }
      }
      return null;
    });
    return retryInMs === null ? undefined : { rescheduleInMs: retryInMs };
  }

  deps.jobs.register(addonInstallJob, install, {
    // A job that failed for good (the database, a worker that died on its last attempt) must
    // still end its order, or the money stays taken for an add-on that never comes.
    onGiveUp: async (payload, reason) => {
      const parsed = addonInstallJob.payload.safeParse(payload);
      if (!parsed.success) return;
      await db.transaction(async (tx) => {
        const order = await lockAddonOrder(tx, parsed.data.orderId);
        if (order?.status !== 'fulfilling') return;
        await fulfilment.failed(tx, order.id, `The add-on could not be installed: ${reason}`);
      });
    },
  });

  /** An add-on order is paid: its installation waits for the cluster to be free. */
  async function addonOrderPaid(tx: Tx, order: OrderRow): Promise<PaidOrderOutcome> {
    // Priced for the hours left of the period it was placed in: paid after that period
    // renewed, it would buy the whole new one for a few hours' price.
    if (await renewedSincePriced(tx, order)) {
      await fulfilment.failed(
        tx,
        order.id,
        "The cluster's prepaid period renewed since this add-on was priced: order it again",
      );
      return { status: 'failed' };
    }
    await enqueueJob(tx, addonInstallJob, { orderId: order.id }, { maxAttempts: 10 });
    return { status: 'fulfilling', note: `${order.description}: the installation starts shortly` };
  }

  return {
    /** Every add-on of the catalog on one cluster of the organization, priced for now. */
    async forCluster(organizationId: number, clusterId: number): Promise<ClusterAddons> {
      const catalog = await catalogNow();
      return db.transaction(async (tx) => {
        const state = await clusterState(tx, organizationId, clusterId, catalog, false);
        const { cluster, config, subscription, period } = state;
        const addons = [];
        for (const addon of catalog.addons) {
          const openOrderId = await openAddonOrder(tx, organizationId, cluster.id, addon.slug);
          const price = addonPrice(addon, config, period, catalog);
          const installed = cluster.addons.includes(addon.slug);
          addons.push({
            slug: addon.slug,
            name: addon.name,
            unit: addon.unit,
            installed,
            refusal: addonRefusal(addon, cluster, config.tier, catalog, openOrderId, subscription),
            periodPrice: price.periodPrice,
            installPrice: price.installPrice,
            removalCredit:
              installed && subscription
                ? await removalCredit(tx, subscription, addon.slug, catalog, state.at)
                : 0,
            openOrderId,
          });
        }
        return {
          clusterId: cluster.id,
          clusterName: cluster.name,
          billingCycle: period.billingCycle,
          periodEnd: subscription?.periodEnd.toISOString() ?? null,
          hoursLeft: period.hoursLeft,
          periodHours: period.periodHours,
          addons,
        };
      });
    },

    /**
     * An order of kind `addon` for the cluster, priced by the engine for the rest of the
     * cluster's period, waiting for payment. The same Idempotency-Key with the same request
     * answers the same order.
     */
    async order(
      actor: SessionUser,
      input: CreateAddonOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> {
      const { organizationId } = actor;
      const digest = createHash('sha256')
        .update(JSON.stringify({ kind: 'addon', ...input }))
        .digest('hex');
      const placed = await placeOnce(
        db,
        organizationId,
        { key: idempotencyKey, digest },
        async () => {
          await assertOrderingAllowed(db, organizationId);
          const catalog = await catalogNow();
          const addon = catalog.addons.find((entry) => entry.slug === input.addon);
          if (!addon) {
            throw invalidFields([
              { path: ['addon'], message: `There is no add-on ${input.addon} in the catalog` },
            ]);
          }
          return db.transaction(async (tx) => {
            // The cluster's lock: two requests for one add-on cannot both pass the open-order check.
            const state = await clusterState(tx, organizationId, input.clusterId, catalog, true);
            const { cluster, config, subscription, period } = state;
            // An add-on keeps its data in the cluster's region: the policy may have narrowed
            // since the cluster was placed.
            await assertResidencyAllows(tx, organizationId, catalog, cluster);
            const openOrderId = await openAddonOrder(tx, organizationId, cluster.id, addon.slug);
            const refusal = addonRefusal(
              addon,
              cluster,
              config.tier,
              catalog,
              openOrderId,
              subscription,
            );
            if (refusal) throw conflict(refusal);
            const price = addonPrice(addon, config, period, catalog);
            return placeAddonOrder(
              tx,
              actor,
              {
                clusterId: cluster.id,
                description: `Add-on ${addon.name} on ${cluster.name}`,
                line: chargedLine(addon, price, period, dayOf(subscription!.periodEnd)),
                billingCycle: period.billingCycle,
                idempotencyKey,
                requestDigest: digest,
                promoCode: input.promoCode,
              },
              client,
            );
          });
        },
      );
      return {
        order: await deps.orders.get(organizationId, placed.orderId),
        replayed: placed.replayed,
      };
    },

    /** The add-on kind of order: once paid, its installation waits for the cluster to be free. */
    orderKind: { paid: (tx, order) => addonOrderPaid(tx, order) } satisfies OrderKindHandler,

    remove: (actor: SessionUser, client: ClientInfo, clusterId: number, slug: string) =>
      deps.clusters.removeAddon(actor, client, clusterId, slug),
  };
}
export type AddonService = ReturnType<typeof createAddonService>;
