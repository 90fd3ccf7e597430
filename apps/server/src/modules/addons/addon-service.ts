import type { Catalog, ClusterAddons, CreateAddonOrder, Order } from '@alpenkube/contract';
import { invalidFields } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  clusterForChange,
  createPaidChange,
  dayOf,
  openPaidChangeOrder,
  removalCredit,
  type BillingService,
} from '../billing/index.ts';
import type { ClusterService } from '../clusters/index.ts';
import type { OrderService } from '../orders/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';
import { assertResidencyAllows } from '../organizations/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import { addonOfOrder, addonOrders } from './addon-orders.ts';
import { addonPrice, addonRefusal, chargedLine } from './addon-quotes.ts';

/**
 * Add-ons on an organization's clusters: what each costs on a cluster for the rest of its
 * prepaid period, ordering one (a paid change of kind `addon`: billing's `createPaidChange`
 * places it, and once it is paid, its job installs the add-on), and removing one (a change of
 * the cluster, credited when it is done).
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
  const catalogNow = async () => (await deps.catalog.catalog()).value;
  /** Why the cluster's provider does not sell the add-on now, or null. */
  const providerRefusal = (provider: string, slug: string, catalog: Catalog) =>
    deps.providers.driver(provider).addonRefusal?.(slug, catalog) ?? null;

  const installs = createPaidChange(deps, {
    orderKind: 'addon',
    jobName: 'addon.install',
    async start(tx, order, catalog) {
      const clusterId = order.targetClusterId!;
      const slug = addonOfOrder(order)!;
      const outcome = await deps.clusters.startAddonInstall(
        tx,
        { organizationId: order.organizationId, clusterId, slug, requestedBy: order.userId },
        catalog,
      );
      // On the cluster already: the period carries it, as when its installation ends.
      if (outcome === 'done') {
        await deps.billing.clusterHooks.addonInstalled(tx, clusterId, slug, catalog);
      }
      return outcome;
    },
    words: {
      startsShortly: 'the installation starts shortly',
      started: 'The provider is installing the add-on',
      alreadyDone: 'The add-on was already installed',
      renewed: "The cluster's prepaid period renewed since this add-on was priced: order it again",
      couldNotBe: 'installed',
      gaveUp: 'The add-on could not be installed',
    },
  });

  return {
    /** Every add-on of the catalog on one cluster of the organization, priced for now. */
    async forCluster(organizationId: number, clusterId: number): Promise<ClusterAddons> {
      const catalog = await catalogNow();
      return db.transaction(async (tx) => {
        const state = await clusterForChange(tx, organizationId, clusterId, catalog, false);
        const { cluster, config, subscription, period } = state;
        const addons = [];
        for (const addon of catalog.addons) {
          const openOrderId = await openPaidChangeOrder(
            tx,
            organizationId,
            addonOrders(cluster.id, addon.slug),
          );
          const price = addonPrice(addon, config, period, catalog);
          const installed = cluster.addons.includes(addon.slug);
          addons.push({
            slug: addon.slug,
            name: addon.name,
            unit: addon.unit,
            installed,
            refusal: addonRefusal(
              addon,
              cluster,
              config.tier,
              catalog,
              openOrderId,
              subscription,
              providerRefusal(cluster.provider, addon.slug, catalog),
            ),
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
          providerNote: deps.providers.driver(cluster.provider).addonNote ?? null,
          addons,
        };
      });
    },

    /**
     * An order of kind `addon` for the cluster, priced by the engine for the rest of the
     * cluster's period, waiting for payment. The same Idempotency-Key with the same request
     * answers the same order.
     */
    order: (
      actor: SessionUser,
      input: CreateAddonOrder,
      idempotencyKey: string,
      client: ClientInfo,
    ): Promise<{ order: Order; replayed: boolean }> =>
      installs.order(
        actor,
        {
          clusterId: input.clusterId,
          promoCode: input.promoCode,
          body: input,
          offer: (catalog) => {
            const addon = catalog.addons.find((entry) => entry.slug === input.addon);
            if (!addon) {
              throw invalidFields([
                { path: ['addon'], message: `There is no add-on ${input.addon} in the catalog` },
              ]);
            }
            return async (tx, { cluster, config, subscription, period }) => {
              // An add-on keeps its data in the cluster's region: the policy may have narrowed
              // since the cluster was placed.
              await assertResidencyAllows(tx, actor.organizationId, catalog, cluster);
              const openOrderId = await openPaidChangeOrder(
                tx,
                actor.organizationId,
                addonOrders(cluster.id, addon.slug),
              );
              const refusal = addonRefusal(
                addon,
                cluster,
                config.tier,
                catalog,
                openOrderId,
                subscription,
                providerRefusal(cluster.provider, addon.slug, catalog),
              );
              if (refusal) return { refusal };
              const price = addonPrice(addon, config, period, catalog);
              return {
                refusal: null,
                description: `Add-on ${addon.name} on ${cluster.name}`,
                line: chargedLine(addon, price, period, dayOf(subscription!.periodEnd)),
                audit: { kind: 'addon', addon: addon.slug, cluster: cluster.id },
              };
            };
          },
        },
        idempotencyKey,
        client,
      ),

    /** The add-on kind of order: once paid, its installation waits for the cluster to be free. */
    orderKind: installs.orderKind,

    remove: (actor: SessionUser, client: ClientInfo, clusterId: number, slug: string) =>
      deps.clusters.removeAddon(actor, client, clusterId, slug),
  };
}
export type AddonService = ReturnType<typeof createAddonService>;
