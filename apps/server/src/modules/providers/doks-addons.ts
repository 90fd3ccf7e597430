import type { DoApi } from './doks-api.ts';
import { cachedRead } from './doks-offer.ts';

/**
 * The catalog's add-ons as DigitalOcean's Kubernetes 1-Click apps, which DigitalOcean installs
 * itself (`POST /v2/1-clicks/kubernetes`): each app's slug, and the namespace its stack installs
 * into (the stack's `deploy.sh` in github.com/digitalocean/marketplace-kubernetes, where the
 * stack's folder is the slug the API takes). Only apps that are the add-on the catalog sells are
 * mapped; an add-on missing here is not sold on DOKS:
 * - `backup` (Velero), `policy` (Kyverno) and `gpu-operator`: DigitalOcean lists no such 1-Click.
 * - `service-mesh` (Istio): DigitalOcean's mesh 1-Click is Linkerd, another product than the
 *   one sold.
 */
export const DOKS_ONE_CLICKS: Readonly<Record<string, { slug: string; namespace: string }>> = {
  'ingress-nginx': { slug: 'ingress-nginx', namespace: 'ingress-nginx' },
  'cert-manager': { slug: 'cert-manager', namespace: 'cert-manager' },
  // Prometheus, Grafana and Alertmanager: the catalog's Monitoring. (DigitalOcean's `monitoring`
  // app is this stack plus metrics-server, which every DOKS cluster runs already.)
  monitoring: { slug: 'kube-prometheus-stack', namespace: 'kube-prometheus-stack' },
  // Grafana's loki-stack chart (Loki and Promtail), in the namespace `loki-stack`.
  logging: { slug: 'loki', namespace: 'loki-stack' },
  gitops: { slug: 'argocd', namespace: 'argocd' },
};

/**
 * The Kubernetes 1-Click apps DigitalOcean lists now (`GET /v2/1-clicks?type=kubernetes`), read
 * at most every ten minutes and at every health check, as its regions and sizes are.
 */
export function createOneClickOffer(api: DoApi) {
  return cachedRead(async (signal?: AbortSignal): Promise<string[]> => {
    const { body } = await api.call<{ '1_clicks': { slug: string; type: string }[] | null }>(
      'GET',
      '/v2/1-clicks?type=kubernetes',
      { signal },
    );
    // The filter is DigitalOcean's; checked again so that a Droplet image is never taken.
    return (body['1_clicks'] ?? [])
      .filter((app) => app.type === 'kubernetes')
      .map((app) => app.slug);
  });
}
export type OneClickOffer = ReturnType<typeof createOneClickOffer>;

/**
 * Why DOKS does not sell an add-on now, in the customer's words, or null. `listed` is what
 * DigitalOcean lists (null before the first read: only the mapping is checked then, and the
 * install step checks the listing again).
 */
export function addonRefusal(
  addon: { slug: string; name: string },
  listed: string[] | null,
): string | null {
  const app = DOKS_ONE_CLICKS[addon.slug];
  if (!app) {
    return `${addon.name} is not offered on DigitalOcean Kubernetes: DigitalOcean has no 1-Click app for it`;
  }
  if (listed && !listed.includes(app.slug)) {
    return `${addon.name} is not offered on DigitalOcean Kubernetes now: DigitalOcean no longer lists its 1-Click app ${app.slug}`;
  }
  return null;
}

/** The add-ons of a configuration DOKS does not sell, each under its place in `addons`. */
export function addonProblems(
  addons: string[],
  names: { slug: string; name: string }[],
  listed: string[] | null,
): { path: (string | number)[]; message: string }[] {
  return addons.flatMap((slug, index) => {
    const name = names.find((addon) => addon.slug === slug)?.name ?? slug;
    const refusal = addonRefusal({ slug, name }, listed);
    return refusal ? [{ path: ['addons', index], message: refusal }] : [];
  });
}
