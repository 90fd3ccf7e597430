import {
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  type KubernetesObject,
} from '@kubernetes/client-node';

/**
 * Installing an add-on on a real cluster through that cluster's own Kubernetes API: its
 * manifests server-side applied into its namespace, as `kubectl apply --server-side` does, with
 * the platform as the field manager, so applying again (a retried step) changes nothing and a
 * customer's own changes to other fields are kept. Proven against the simulated API as the
 * double (`apps/server/test/integration/kube-client-apply.test.ts`).
 */

/** The field manager the platform's applies are recorded under in `managedFields`. */
export const PLATFORM_FIELD_MANAGER = 'alpenkube';

function clientOf(kubeconfig: string) {
  const config = new KubeConfig();
  config.loadFromString(kubeconfig);
  return KubernetesObjectApi.makeApiClient(config);
}

/** The namespace first, then every manifest placed in it. */
function objectsOf(namespace: string, manifests: KubernetesObject[]): KubernetesObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } },
    ...manifests.map((manifest) => ({
      ...manifest,
      metadata: { ...manifest.metadata, namespace },
    })),
  ];
}

const notFound = (error: unknown) => (error as { code?: number }).code === 404;

export async function applyAddonManifests(
  kubeconfig: string,
  namespace: string,
  manifests: KubernetesObject[],
): Promise<void> {
  const client = clientOf(kubeconfig);
  for (const object of objectsOf(namespace, manifests)) {
    await client.patch(
      object,
      undefined,
      undefined,
      PLATFORM_FIELD_MANAGER,
      true,
      PatchStrategy.ServerSideApply,
    );
  }
}

/** Deletes the manifests, then the namespace; one already gone is no failure (a retried step). */
export async function removeAddonManifests(
  kubeconfig: string,
  namespace: string,
  manifests: KubernetesObject[],
): Promise<void> {
  const client = clientOf(kubeconfig);
  for (const object of objectsOf(namespace, manifests).reverse()) {
    await client.delete(object).catch((error: unknown) => {
      if (!notFound(error)) throw error;
    });
  }
}
