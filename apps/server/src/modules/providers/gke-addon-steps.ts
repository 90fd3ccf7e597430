import type { ManifestSource } from './addon-manifests.ts';
import type { GkeApi, GkeCluster } from './gke-api.ts';
import { GKE_ADDON_MANIFESTS } from './gke-addons.ts';
import { platformKubeConfig } from './gke-kubeconfig.ts';
import { applyAddonManifests, removeAddonManifests } from './kube-apply.ts';
import { plural } from './provider-plans.ts';
import { ProviderError, type DriverCluster, type StepOutcome } from './provider-driver.ts';

/**
 * An add-on's steps on GKE: its pinned release manifest (gke-addons.ts), fetched (from the
 * operator's mirror if one is set), server-side applied through the cluster's own Kubernetes API
 * with the platform's Google token (kube-apply.ts); a removal deletes what the same manifest
 * applied, the add-on's namespace last, and is done once that namespace is gone. Both are safe
 * to ask again after a crash: an apply of the same objects changes nothing, a deletion of one
 * already gone is no failure.
 */
export function createGkeAddonSteps(
  api: GkeApi,
  manifests: ManifestSource,
  mustFind: (cluster: DriverCluster, signal: AbortSignal) => Promise<GkeCluster>,
  pollMs: number,
) {
  function releaseOf(slug: string) {
    const release = GKE_ADDON_MANIFESTS[slug];
    if (!release) {
      throw new ProviderError(
        `Google Kubernetes Engine has no manifest for the add-on ${slug}`,
        false,
      );
    }
    return release;
  }

  /** The cluster's API with the platform's Google token, which stays in this process. */
  async function access(cluster: DriverCluster, signal: AbortSignal) {
    const found = await mustFind(cluster, signal);
    const caBase64 = found.masterAuth?.clusterCaCertificate;
    if (!found.endpoint || !caBase64) {
      throw new ProviderError(`Google reports no Kubernetes API for ${cluster.name} yet`, true);
    }
    return platformKubeConfig({
      name: `gke-${found.name}`,
      endpoint: found.endpoint,
      caBase64,
      platformToken: await api.accessToken(),
    });
  }

  /** One event per step, however often it is asked: keyed by when the step started. */
  const said = (message: string, started: Date) => [{ message, at: started.toISOString() }];

  async function install(
    cluster: DriverCluster,
    slug: string,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const release = releaseOf(slug);
    const objects = await manifests.load(release.url, signal);
    const applied = await applyAddonManifests(
      await access(cluster, signal),
      release.namespace,
      objects,
      signal,
    );
    return {
      done: true,
      providerMessages: said(
        `Installed ${release.product} ${release.version} on the cluster (${plural(applied, 'object')} applied, namespace ${release.namespace})`,
        started,
      ),
    };
  }

  async function remove(
    cluster: DriverCluster,
    slug: string,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const release = releaseOf(slug);
    const objects = await manifests.load(release.url, signal);
    const { deleted, gone } = await removeAddonManifests(
      await access(cluster, signal),
      release.namespace,
      objects,
      signal,
    );
    const messages = deleted
      ? said(
          `Deleted ${plural(deleted, 'object')} of ${release.product} ${release.version} from the cluster`,
          started,
        )
      : [];
    return gone
      ? { done: true, providerMessages: messages }
      : { done: false, checkAgainInMs: pollMs, providerMessages: messages };
  }

  return { install, remove };
}
