import { describe, expect, it } from 'vitest';
import { ADDON_CATALOG } from '../platform/addon-catalog.ts';
import type { DoApi } from './doks-api.ts';
import {
  addonProblems,
  addonRefusal,
  createOneClickOffer,
  DOKS_ONE_CLICKS,
} from './doks-addons.ts';

const listed = ['ingress-nginx', 'cert-manager', 'kube-prometheus-stack', 'loki', 'argocd'];

describe("the catalog's add-ons as DigitalOcean 1-Click apps", () => {
  it('maps only add-ons of the catalog, each to its own app and namespace', () => {
    const catalog = ADDON_CATALOG.map((addon) => addon.slug);
    expect(Object.keys(DOKS_ONE_CLICKS).every((slug) => catalog.includes(slug))).toBe(true);
    expect(DOKS_ONE_CLICKS).toEqual({
      'ingress-nginx': { slug: 'ingress-nginx', namespace: 'ingress-nginx' },
      'cert-manager': { slug: 'cert-manager', namespace: 'cert-manager' },
      monitoring: { slug: 'kube-prometheus-stack', namespace: 'kube-prometheus-stack' },
      logging: { slug: 'loki', namespace: 'loki-stack' },
      gitops: { slug: 'argocd', namespace: 'argocd' },
    });
    const namespaces = Object.values(DOKS_ONE_CLICKS).map((app) => app.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it('sells a mapped add-on that DigitalOcean lists, and says why not otherwise', () => {
    expect(addonRefusal({ slug: 'monitoring', name: 'Monitoring' }, listed)).toBeNull();
    expect(addonRefusal({ slug: 'backup', name: 'Backup and restore' }, listed)).toBe(
      'Backup and restore is not offered on DigitalOcean Kubernetes: DigitalOcean has no 1-Click app for it',
    );
    expect(
      addonRefusal(
        { slug: 'logging', name: 'Logging' },
        listed.filter((slug) => slug !== 'loki'),
      ),
    ).toBe(
      'Logging is not offered on DigitalOcean Kubernetes now: DigitalOcean no longer lists its 1-Click app loki',
    );
    // Before DigitalOcean's list is read only the mapping is known: the install step checks.
    expect(addonRefusal({ slug: 'logging', name: 'Logging' }, null)).toBeNull();
    expect(addonRefusal({ slug: 'policy', name: 'Policy (Kyverno)' }, null)).toMatch(
      /no 1-Click app/,
    );
  });

  it("names each refused add-on under its place in the configuration's add-ons", () => {
    const names = ADDON_CATALOG.map(({ slug, name }) => ({ slug, name }));
    expect(addonProblems(['ingress-nginx', 'gitops'], names, listed)).toEqual([]);
    expect(addonProblems(['ingress-nginx', 'service-mesh', 'gpu-operator'], names, listed)).toEqual(
      [
        {
          path: ['addons', 1],
          message:
            'Service mesh is not offered on DigitalOcean Kubernetes: DigitalOcean has no 1-Click app for it',
        },
        {
          path: ['addons', 2],
          message:
            'GPU operator is not offered on DigitalOcean Kubernetes: DigitalOcean has no 1-Click app for it',
        },
      ],
    );
  });

  it("reads DigitalOcean's Kubernetes 1-Click apps, not its Droplet images, once per ten minutes", async () => {
    const paths: string[] = [];
    const api = {
      async call(_method: string, path: string) {
        paths.push(path);
        return {
          status: 200,
          text: '',
          body: {
            '1_clicks': [
              { slug: 'loki', type: 'kubernetes' },
              { slug: 'wordpress-18-04', type: 'droplet' },
            ],
          },
        };
      },
    } as unknown as DoApi;
    const offer = createOneClickOffer(api);
    // Nothing known yet: the answer is null at once, and a read starts, which `current` shares.
    expect(offer.known()).toBeNull();
    expect(await offer.current()).toEqual(['loki']);
    expect(await offer.current()).toEqual(['loki']);
    expect(offer.known()).toEqual(['loki']);
    expect(paths).toEqual(['/v2/1-clicks?type=kubernetes']);
    // The health check reads it again at once.
    await offer.refresh();
    expect(paths).toHaveLength(2);
  });
});
