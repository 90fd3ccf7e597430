import type { GkeConfig } from '../../config.ts';
import { conflict } from '../../lib/http-error.ts';
import { createManifestSource } from './addon-manifests.ts';
import { addonProblems, addonRefusal } from './gke-addons.ts';
import { createGkeApi } from './gke-api.ts';
import { clusterKubeconfig } from './gke-kubeconfig.ts';
import { GKE_ZONES, createGkeOffer, offerProblems } from './gke-offer.ts';
import {
  addonStep,
  createPlan,
  deletePlan,
  joinSteps,
  removePoolPlan,
  shrinkSteps,
  upgradePlan,
} from './gke-plans.ts';
import { createGkeSteps } from './gke-steps.ts';
import { ProviderError, type ProviderDriver } from './provider-driver.ts';
import { downHealth, realDriverParts } from './real-driver-parts.ts';

/**
 * Google Kubernetes Engine through the Container API v1 (see docs/provider-drivers.md): the plans
 * of gke-plans.ts, carried out by gke-steps.ts, what Google offers from gke-offer.ts.
 */
export function createGkeDriver(config: GkeConfig): ProviderDriver & {
  kubeconfig(cluster: { id: number }, signal?: AbortSignal): Promise<string>;
} {
  const api = createGkeApi(config);
  const offer = createGkeOffer(api, () => Object.keys(GKE_ZONES));
  const steps = createGkeSteps(
    api,
    offer,
    createManifestSource(config.manifestMirror),
    config.pollMs,
  );

  return {
    slug: 'gke',
    simulated: false,
    // Google ships its own patch releases (1.36.5-gke.1200), not the catalog's.
    appliesCatalogPatches: false,
    controlPlaneTime: 'about 5 minutes',
    addonNote:
      "On Google Kubernetes Engine the platform applies each add-on's own release manifest, at a pinned version, through the cluster's Kubernetes API. Removing an add-on deletes what that manifest created and its namespace; its CustomResourceDefinitions stay in the cluster, as deleting one would delete every object of its kind, yours included.",

    validate(order, catalog) {
      const known = offer.known(order.region);
      return [
        ...(known === undefined ? [] : offerProblems(known, order)),
        ...addonProblems(order.addons ?? [], catalog.addons),
      ];
    },

    addonRefusal(slug, catalog) {
      const addon = catalog.addons.find((entry) => entry.slug === slug) ?? { slug, name: slug };
      return addonRefusal(addon);
    },

    estimateCreateSeconds(order) {
      const nodes = order.nodePools.reduce((sum, pool) => sum + pool.count, 0);
      return (order.haControlPlane ? 420 : 300) + order.nodePools.length * 60 + nodes * 10;
    },

    /**
     * Every catalog region's server config and node zone's machine types, in parallel: the
     * credentials are valid and the API reachable when they answer, and a region Google refuses
     * is shown unavailable. The CPU quota is read at each order's first step.
     */
    async health() {
      const started = performance.now();
      try {
        const offers = await offer.refresh(AbortSignal.timeout(5000));
        const offered = [...offers].filter(([, found]) => found.config).map(([region]) => region);
        const minors = new Set(
          [...offers.values()].flatMap((found) =>
            (found.config?.validMasterVersions ?? []).map((v) =>
              v.split('.').slice(0, 2).join('.'),
            ),
          ),
        );
        const typesRead = [...offers.values()].some((found) => found.machineTypes);
        return {
          status: offered.length ? ('operational' as const) : ('degraded' as const),
          latencyMs: Math.round(performance.now() - started),
          message: `Google Kubernetes Engine answers for project ${config.project}: ${offered.length} of ${offers.size} regions, ${minors.size} Kubernetes minors; ${typesRead ? 'machine types read from Compute Engine, the CPU quota at each order' : 'machine types and CPU quota unknown (the account may not read Compute Engine)'}`,
          unavailableRegions: [],
          offeredRegions: offered,
        };
      } catch (error) {
        return downHealth('Google Kubernetes Engine', started, error);
      }
    },

    ...realDriverParts(
      { service: 'Google Kubernetes Engine', short: 'GKE' },
      {
        joinSteps,
        shrinkSteps,
        removePoolPlan,
        addonStep,
      },
    ),
    planCreate: createPlan,
    planUpgrade: upgradePlan,
    // No planMakeHa: Google cannot turn a zonal cluster into a regional one; the order is refused.
    /**
     * GKE has no call that replaces one node (its nodes are a managed instance group's, which
     * the Container API does not expose); recreating the whole pool is not what was asked.
     */
    planRecycle() {
      throw conflict(
        'Google Kubernetes Engine replaces nodes by itself (auto-repair) and offers no call to replace one node: the platform cannot recycle a node on GKE',
      );
    },
    planDelete: deletePlan,

    advance: (cluster, step, context) => steps.advance(cluster, step, context),

    apiEndpoint(cluster) {
      return steps.seen(cluster.id)?.endpoint ?? '';
    },

    /** Cloud Monitoring is not read: saying so beats a made-up figure. */
    async metrics() {
      return {
        available: false,
        message:
          'The platform does not read Google Cloud Monitoring for GKE clusters yet: use kubectl top nodes against the cluster',
      };
    },

    /**
     * A kubeconfig for this cluster alone, with a week's token of a Kubernetes service account
     * the platform keeps in it, never a Google credential (see gke-kubeconfig.ts).
     */
    async kubeconfig(cluster, signal) {
      const found = await steps.find(cluster.id, signal);
      const caBase64 = found?.masterAuth?.clusterCaCertificate;
      if (!found?.endpoint || !caBase64) {
        throw new ProviderError('Google has no running cluster for it', false);
      }
      return clusterKubeconfig({
        name: `gke-${found.name}`,
        endpoint: found.endpoint,
        caBase64,
        platformToken: await api.accessToken(),
        signal,
      });
    },
  };
}
