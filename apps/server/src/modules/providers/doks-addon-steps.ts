import type { DoApi, DoCluster } from './doks-api.ts';
import { DOKS_ONE_CLICKS, type OneClickOffer } from './doks-addons.ts';
import { removeHelmNamespace, workloadsIn } from './kube-one-click.ts';
import { ProviderError, type DriverCluster, type StepOutcome } from './provider-driver.ts';

/**
 * How long after its step started an add-on may take to run: DigitalOcean's stacks give Helm up
 * to ten minutes (`--timeout 10m0s`), and nodes may be pulling images meanwhile.
 */
const INSTALL_DEADLINE_MS = 30 * 60_000;

/**
 * An add-on's steps on DOKS: DigitalOcean installs its 1-Click app (`POST /v2/1-clicks/kubernetes`),
 * which the step then watches through the cluster's own Kubernetes API, with DigitalOcean's
 * kubeconfig, until the app's workloads are ready; DigitalOcean's API has no uninstall, so a
 * removal deletes the app's namespace through the same API (kube-one-click.ts).
 */
export function createDoksAddonSteps(
  api: DoApi,
  oneClicks: OneClickOffer,
  mustFind: (cluster: DriverCluster, signal: AbortSignal) => Promise<DoCluster>,
  pollMs: number,
) {
  /** `<DigitalOcean cluster id>:<1-Click slug>`: installs this process asked for. */
  const asked = new Set<string>();
  const later: StepOutcome = { done: false, checkAgainInMs: pollMs };

  function appOf(slug: string) {
    const app = DOKS_ONE_CLICKS[slug];
    if (!app)
      throw new ProviderError(`DigitalOcean has no 1-Click app for the add-on ${slug}`, false);
    return app;
  }

  /**
   * Done once the app's workloads are all ready. Installed already (its workloads are there),
   * nothing is asked. Otherwise the install is asked once per process: a step asked again after
   * a restart asks DigitalOcean again, which is safe because its 1-Click job runs the stack's
   * `helm upgrade --install` (github.com/digitalocean/marketplace-kubernetes, each stack's
   * deploy.sh): a second job upgrades the same release to the same chart, it adds nothing.
   */
  async function install(
    cluster: DriverCluster,
    slug: string,
    started: Date,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const app = appOf(slug);
    const found = await mustFind(cluster, signal);
    const kubeconfig = await api.kubeconfig(found.id, signal);
    const workloads = await workloadsIn(kubeconfig, app.namespace, signal);
    const key = `${found.id}:${app.slug}`;
    if (workloads.total > 0 && workloads.ready === workloads.total) {
      asked.delete(key);
      return { done: true };
    }
    if (Date.now() - started.getTime() > INSTALL_DEADLINE_MS) {
      asked.delete(key);
      throw new ProviderError(
        `DigitalOcean's 1-Click app ${app.slug} is not running in namespace ${app.namespace} 30 minutes into its installation (${workloads.ready} of ${workloads.total} workloads ready)`,
        false,
      );
    }
    if (workloads.total > 0 || asked.has(key)) return later;
    // The listing again, fresh: DigitalOcean may have withdrawn the app since the order.
    if (!(await oneClicks.refresh(signal)).includes(app.slug)) {
      throw new ProviderError(
        `DigitalOcean no longer lists the 1-Click app ${app.slug}: add-on ${slug} cannot be installed`,
        false,
      );
    }
    const { body } = await api.call<{ message?: string } | null>(
      'POST',
      '/v2/1-clicks/kubernetes',
      { signal, once: true, body: { addon_slugs: [app.slug], cluster_uuid: found.id } },
    );
    asked.add(key);
    const said = body?.message ? `: "${body.message}"` : '';
    return {
      ...later,
      providerMessages: [
        {
          message: `DigitalOcean started installing the 1-Click app ${app.slug}${said}`,
          at: new Date().toISOString(),
        },
      ],
    };
  }

  /** Done once the app's namespace is gone (see removeHelmNamespace for what stays). */
  async function remove(
    cluster: DriverCluster,
    slug: string,
    signal: AbortSignal,
  ): Promise<StepOutcome> {
    const app = appOf(slug);
    const found = await mustFind(cluster, signal);
    const kubeconfig = await api.kubeconfig(found.id, signal);
    // Installed again later, it is asked for again.
    asked.delete(`${found.id}:${app.slug}`);
    return (await removeHelmNamespace(kubeconfig, app.namespace, signal)) ? { done: true } : later;
  }

  return { install, remove };
}
