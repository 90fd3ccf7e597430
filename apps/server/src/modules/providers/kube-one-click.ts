import {
  AdmissionregistrationV1Api,
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
  type V1ObjectMeta,
} from '@kubernetes/client-node';
import { ProviderError } from './provider-driver.ts';

/**
 * What the platform reads and removes through a real cluster's own Kubernetes API of an app a
 * provider installed with Helm into one namespace (a DigitalOcean 1-Click app): whether its
 * workloads are up, and its removal, which the provider's API does not offer. The kubeconfig is
 * the provider's own, fetched for the call; no credential of it ends up in a message.
 */

/** Helm marks everything it installs with these (helm/pkg/action, setMetadataVisitor). */
const HELM_MANAGED = 'app.kubernetes.io/managed-by=Helm';
const HELM_RELEASE_NAMESPACE = 'meta.helm.sh/release-namespace';

function clients(kubeconfig: string) {
  const config = new KubeConfig();
  config.loadFromString(kubeconfig);
  return {
    apps: config.makeApiClient(AppsV1Api),
    core: config.makeApiClient(CoreV1Api),
    admission: config.makeApiClient(AdmissionregistrationV1Api),
  };
}

const codeOf = (error: unknown) => (error as { code?: number }).code;

/**
 * One call to the cluster's API, given up when the step is cancelled. Its failure is the
 * step's, retried: the cluster's API may be restarting (an upgrade), and DigitalOcean's
 * kubeconfig is fetched again at the next attempt. The message names the status only: the
 * client's own error text can carry the request.
 */
async function ask<T>(what: string, call: () => Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let cancel = () => {};
  const cancelled = new Promise<never>((_, reject) => {
    const onAbort = () => reject(new ProviderError('The call was cancelled', true));
    signal.addEventListener('abort', onAbort, { once: true });
    cancel = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([call(), cancelled]);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const code = codeOf(error);
    throw new ProviderError(
      code
        ? `The cluster's Kubernetes API refused to ${what} (${code})`
        : `The cluster's Kubernetes API could not be reached to ${what}`,
      true,
    );
  } finally {
    cancel();
  }
}

/** A call whose 404 is an answer (the object is not there), not a failure. */
async function unlessMissing<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (codeOf(error) === 404) return null;
    throw error;
  }
}

export interface WorkloadState {
  /** Deployments, StatefulSets and DaemonSets in the namespace. */
  total: number;
  /** Those with every replica (every scheduled pod, for a DaemonSet) ready. */
  ready: number;
}

/**
 * The app's workloads in its namespace: an app's chart may run Deployments (ingress-nginx), a
 * StatefulSet and a DaemonSet (Loki and Promtail), or all three; none yet while the provider's
 * job has not installed it.
 */
export async function workloadsIn(
  kubeconfig: string,
  namespace: string,
  signal: AbortSignal,
): Promise<WorkloadState> {
  const { apps } = clients(kubeconfig);
  const read = `read the workloads in ${namespace}`;
  const [deployments, statefulSets, daemonSets] = await Promise.all([
    ask(read, () => apps.listNamespacedDeployment({ namespace }), signal),
    ask(read, () => apps.listNamespacedStatefulSet({ namespace }), signal),
    ask(read, () => apps.listNamespacedDaemonSet({ namespace }), signal),
  ]);
  const ready = [
    ...deployments.items.map(
      (item) => (item.status?.availableReplicas ?? 0) >= (item.spec?.replicas ?? 1),
    ),
    ...statefulSets.items.map(
      (item) => (item.status?.readyReplicas ?? 0) >= (item.spec?.replicas ?? 1),
    ),
    ...daemonSets.items.map(
      (item) =>
        item.status !== undefined && item.status.numberReady >= item.status.desiredNumberScheduled,
    ),
  ];
  return { total: ready.length, ready: ready.filter(Boolean).length };
}

const ofRelease = (namespace: string) => (item: { metadata?: V1ObjectMeta }) =>
  item.metadata?.annotations?.[HELM_RELEASE_NAMESPACE] === namespace && !!item.metadata?.name;

/**
 * Removes an app the provider installed with Helm into `namespace`: the admission webhooks its
 * release registered (cluster-wide: left behind, they would point at a service that is gone,
 * and ingress-nginx's would refuse every Ingress of the cluster), then the namespace, which
 * takes everything in it along (the Helm release's records too). Its CustomResourceDefinitions
 * and cluster roles stay: deleting a CRD deletes every object of that kind in the cluster,
 * which may be the customer's; Helm keeps them on uninstall for the same reason. True once the
 * namespace is gone; asking again meanwhile deletes nothing twice.
 */
export async function removeHelmNamespace(
  kubeconfig: string,
  namespace: string,
  signal: AbortSignal,
): Promise<boolean> {
  const { core, admission } = clients(kubeconfig);
  const remove = `remove ${namespace}`;
  const [validating, mutating] = await Promise.all([
    ask(
      remove,
      () => admission.listValidatingWebhookConfiguration({ labelSelector: HELM_MANAGED }),
      signal,
    ),
    ask(
      remove,
      () => admission.listMutatingWebhookConfiguration({ labelSelector: HELM_MANAGED }),
      signal,
    ),
  ]);
  for (const item of validating.items.filter(ofRelease(namespace))) {
    const name = item.metadata!.name!;
    await ask(
      remove,
      () => unlessMissing(() => admission.deleteValidatingWebhookConfiguration({ name })),
      signal,
    );
  }
  for (const item of mutating.items.filter(ofRelease(namespace))) {
    const name = item.metadata!.name!;
    await ask(
      remove,
      () => unlessMissing(() => admission.deleteMutatingWebhookConfiguration({ name })),
      signal,
    );
  }
  const present = await ask(
    remove,
    () => unlessMissing(() => core.readNamespace({ name: namespace })),
    signal,
  );
  if (!present) return true;
  // A namespace being deleted already (Terminating) is waited for, not deleted again.
  if (!present.metadata?.deletionTimestamp) {
    await ask(remove, () => unlessMissing(() => core.deleteNamespace({ name: namespace })), signal);
  }
  return false;
}
