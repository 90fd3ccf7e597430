/**
 * The catalog's add-ons GKE installs, each as its upstream project's own published,
 * version-pinned, plain-manifest release (no Helm), server-side applied through the cluster's
 * Kubernetes API (gke-addon-steps.ts). Only a manifest that is the product the catalog sells is
 * mapped; an add-on missing here is not sold on GKE, and `GKE_ADDON_REFUSALS` says why. Google's
 * own add-on API (the Container API's `addonsConfig`) offers none of the catalog's products:
 * its add-ons are GKE's own (HTTP load balancing, the Persistent Disk CSI driver…), and its
 * Managed Service for Prometheus is not the in-cluster Prometheus and Grafana sold.
 *
 * The URLs were written from the projects' release conventions and were not fetched from the
 * machine they were written on; an operator's mirror (ADDON_MANIFEST_MIRROR) serves the same
 * paths (see docs/provider-drivers.md).
 */
export interface AddonRelease {
  /** The product, as the events name it. */
  product: string;
  version: string;
  /** The namespace its namespaced objects go to when the manifest names none, and that a removal deletes. */
  namespace: string;
  url: string;
}

export const GKE_ADDON_MANIFESTS: Readonly<Record<string, AddonRelease>> = {
  // The controller's static manifest for clouds with a load balancer (a Service of type
  // LoadBalancer: on GKE, a Google network load balancer).
  'ingress-nginx': {
    product: 'ingress-nginx',
    version: 'controller-v1.12.1',
    namespace: 'ingress-nginx',
    url: 'https://raw.githubusercontent.com/kubernetes/ingress-nginx/controller-v1.12.1/deploy/static/provider/cloud/deploy.yaml',
  },
  'cert-manager': {
    product: 'cert-manager',
    version: 'v1.16.2',
    namespace: 'cert-manager',
    url: 'https://github.com/cert-manager/cert-manager/releases/download/v1.16.2/cert-manager.yaml',
  },
  // Its namespaced objects name no namespace: they are meant for `kubectl apply -n argocd`,
  // and its ClusterRoleBindings' subjects are in `argocd`.
  gitops: {
    product: 'Argo CD',
    version: 'v2.13.3',
    namespace: 'argocd',
    url: 'https://raw.githubusercontent.com/argoproj/argo-cd/v2.13.3/manifests/install.yaml',
  },
  policy: {
    product: 'Kyverno',
    version: 'v1.13.2',
    namespace: 'kyverno',
    url: 'https://github.com/kyverno/kyverno/releases/download/v1.13.2/install.yaml',
  },
};

/** Why an add-on of the catalog has no manifest on GKE, in the customer's words. */
export const GKE_ADDON_REFUSALS: Readonly<Record<string, string>> = {
  // kube-prometheus is a directory of generated manifests, the rest of the stack Helm charts.
  monitoring: 'Prometheus and Grafana publish no single release manifest to apply',
  logging: 'Loki is published as a Helm chart only',
  backup: 'Velero is installed with its own CLI or Helm chart, with storage credentials',
  'service-mesh': 'Istio is installed with istioctl or its Helm charts',
  'gpu-operator': "NVIDIA's GPU operator is published as a Helm chart only",
};

/** Why GKE does not sell an add-on, in the customer's words, or null. */
export function addonRefusal(addon: { slug: string; name: string }): string | null {
  if (GKE_ADDON_MANIFESTS[addon.slug]) return null;
  const why = GKE_ADDON_REFUSALS[addon.slug] ?? 'the platform has no release manifest for it';
  return `${addon.name} is not offered on Google Kubernetes Engine: ${why}`;
}

/** The add-ons of a configuration GKE does not sell, each under its place in `addons`. */
export function addonProblems(
  addons: string[],
  names: { slug: string; name: string }[],
): { path: (string | number)[]; message: string }[] {
  return addons.flatMap((slug, index) => {
    const name = names.find((addon) => addon.slug === slug)?.name ?? slug;
    const refusal = addonRefusal({ slug, name });
    return refusal ? [{ path: ['addons', index], message: refusal }] : [];
  });
}
