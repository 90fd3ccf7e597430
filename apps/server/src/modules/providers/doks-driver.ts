import type { DigitalOceanConfig } from '../../config.ts';
import {
  addonProblems,
  addonRefusal,
  createOneClickOffer,
  DOKS_ONE_CLICKS,
} from './doks-addons.ts';
import { createDoApi } from './doks-api.ts';
import { createDoksOffer, offerProblems } from './doks-offer.ts';
import {
  addonStep,
  createPlan,
  deletePlan,
  joinSteps,
  removePoolPlan,
  shrinkSteps,
  upgradePlan,
  makeHaPlan,
} from './doks-plans.ts';
import { createDoksResources } from './doks-resources.ts';
import { createDoksSteps } from './doks-steps.ts';
import { ProviderError, type ProviderDriver } from './provider-driver.ts';
import { downHealth, realDriverParts } from './real-driver-parts.ts';

/** DigitalOcean names the days in full. */
const DO_DAYS = {
  mon: 'monday',
  tue: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  fri: 'friday',
  sat: 'saturday',
  sun: 'sunday',
} as const;

/**
 * DigitalOcean Kubernetes through its API v2 (see docs/provider-drivers.md): the plans of
 * doks-plans.ts, carried out by doks-steps.ts, what DigitalOcean offers from doks-offer.ts.
 */
export function createDoksDriver(config: DigitalOceanConfig): ProviderDriver & {
  kubeconfig(cluster: { id: number }, signal?: AbortSignal): Promise<string>;
} {
  const api = createDoApi(config);
  const offer = createDoksOffer(api);
  const oneClicks = createOneClickOffer(api);
  const steps = createDoksSteps(api, offer, oneClicks, config.pollMs);
  const { find, dropletRoom } = steps;
  const resources = createDoksResources(api, find);

  return {
    slug: 'doks',
    simulated: false,
    // DigitalOcean ships its own patch releases (1.33.1-do.0), not the catalog's.
    appliesCatalogPatches: false,
    controlPlaneTime: 'about 4 minutes',
    addonNote:
      "DigitalOcean installs each add-on as its 1-Click app. Its API has no uninstall: removing an add-on deletes the app's namespace and admission webhooks through the cluster's Kubernetes API, and its CustomResourceDefinitions stay in the cluster.",

    validate(config, catalog) {
      const options = offer.known();
      return [
        ...(options ? offerProblems(options, config) : []),
        ...addonProblems(config.addons ?? [], catalog.addons, oneClicks.known()),
      ];
    },

    addonRefusal(slug, catalog) {
      const addon = catalog.addons.find((entry) => entry.slug === slug) ?? { slug, name: slug };
      return addonRefusal(addon, oneClicks.known());
    },

    estimateCreateSeconds(config) {
      const nodes = config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
      return 240 + config.nodePools.length * 60 + nodes * 8;
    },

    async health() {
      const started = performance.now();
      try {
        const signal = AbortSignal.timeout(5000);
        const [options, room, apps] = await Promise.all([
          offer.refresh(signal),
          dropletRoom(signal),
          // The add-ons' 1-Click apps: unknown (not fatal) when DigitalOcean does not list them.
          oneClicks.refresh(signal).catch(() => null),
        ]);
        const latencyMs = Math.round(performance.now() - started);
        const mapped = Object.values(DOKS_ONE_CLICKS);
        const parts = [
          `${options.regions.length} regions, ${options.versions.length} Kubernetes versions`,
          room
            ? `${room.used} of ${room.limit} Droplets in use`
            : 'Droplet quota unknown (the token may not read the account)',
          apps
            ? `${mapped.filter((app) => apps.includes(app.slug)).length} of the ${mapped.length} add-ons sold on DOKS listed as 1-Click apps`
            : '1-Click apps unknown (DigitalOcean did not list them)',
        ];
        const standing = room?.account.status ?? 'active';
        const note =
          standing !== 'active' && room?.account.status_message
            ? `. Account ${standing}: ${room.account.status_message}`
            : '';
        return {
          status:
            standing === 'locked'
              ? ('down' as const)
              : standing === 'warning' || room?.free === 0
                ? ('degraded' as const)
                : ('operational' as const),
          latencyMs,
          message: `DigitalOcean answers: ${parts.join('; ')}${note}`,
          unavailableRegions: [],
          offeredRegions: options.regions.map((region) => region.slug),
        };
      } catch (error) {
        return downHealth('DigitalOcean', started, error);
      }
    },

    ...realDriverParts(
      { service: 'DigitalOcean Kubernetes', short: 'DigitalOcean' },
      {
        joinSteps,
        shrinkSteps,
        removePoolPlan,
        addonStep,
      },
    ),
    planCreate: createPlan,
    planUpgrade: upgradePlan,
    planMakeHa: makeHaPlan,
    planRecycle: (_cluster, node) => [
      {
        key: `recycle:${node}`,
        label: `Asking DigitalOcean to drain and replace node ${node}`,
        done: `Node ${node} replaced and ready`,
        weight: 90,
        startEffect: { type: 'node-recycling', node },
        effect: { type: 'node-ready', node },
      },
    ],
    planDelete: deletePlan,

    /**
     * DigitalOcean's `maintenance_policy` (a weekday and a UTC start time) and its own
     * `auto_upgrade` of patch releases, with `PUT /v2/kubernetes/clusters/{id}` (which asks for
     * the name too); the same body twice is the same cluster.
     */
    async maintenancePolicy(cluster, policy, signal) {
      const found = await find(cluster.id, signal);
      if (!found) throw new ProviderError('DigitalOcean has no such cluster any more', false);
      await api.call('PUT', `/v2/kubernetes/clusters/${found.id}`, {
        signal,
        body: {
          name: found.name,
          maintenance_policy: { day: DO_DAYS[policy.day], start_time: policy.startTime },
          auto_upgrade: policy.autoUpgrade,
        },
      });
    },

    advance: (cluster, step, context) => steps.advance(cluster, step, context),
    deleteVpc: steps.deleteVpc,
    observedResources: resources.observedResources,

    apiEndpoint(cluster) {
      const seen = steps.seen(cluster.id);
      return seen?.endpoint ?? (seen ? `https://${seen.id}.k8s.ondigitalocean.com` : '');
    },

    /**
     * DigitalOcean's API has no node metrics of a DOKS cluster: its Monitoring API reads a
     * droplet's do-agent, which this driver does not map to nodes. Saying so beats a made-up
     * figure; `kubectl top nodes` against the cluster (its metrics-server) shows the real ones.
     */
    async metrics() {
      return {
        available: false,
        message:
          "DigitalOcean's API gives no node metrics for a DOKS cluster: use kubectl top nodes with the cluster's own kubeconfig",
      };
    },

    async kubeconfig(cluster, signal) {
      const found = await find(cluster.id, signal);
      if (!found) throw new ProviderError('DigitalOcean has no such cluster any more', false);
      return api.kubeconfig(found.id, signal);
    },
  };
}
