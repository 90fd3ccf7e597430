import { describe, expect, it } from 'vitest';
import { mirrored, parseManifest } from './addon-manifests.ts';
import { ADDON_CATALOG } from '../platform/addon-catalog.ts';
import { addonRefusal, GKE_ADDON_MANIFESTS, GKE_ADDON_REFUSALS } from './gke-addons.ts';
import { addonStep } from './gke-plans.ts';

describe("add-ons' release manifests", () => {
  it('are fetched under the mirror by their host and path', () => {
    const url =
      'https://github.com/cert-manager/cert-manager/releases/download/v1.16.2/cert-manager.yaml';
    expect(mirrored(url, null)).toBe(url);
    expect(mirrored(url, 'https://mirror.example/addons/')).toBe(
      'https://mirror.example/addons/github.com/cert-manager/cert-manager/releases/download/v1.16.2/cert-manager.yaml',
    );
  });

  it('parse as objects, a List as its items, empty documents skipped', () => {
    const text = [
      '# the release',
      '---',
      'apiVersion: v1',
      'kind: Namespace',
      'metadata:',
      '  name: kyverno',
      '---',
      '---',
      'apiVersion: v1',
      'kind: List',
      'items:',
      '- apiVersion: v1',
      '  kind: ConfigMap',
      '  metadata: {name: a}',
      "  data: {enabled: 'true'}",
      '',
    ].join('\n');
    expect(parseManifest(text, 'here')).toEqual([
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kyverno' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { enabled: 'true' } },
    ]);
  });

  it('refuse what is not a manifest, without retrying', () => {
    for (const text of ['a: [', 'kind: Namespace\n', '# nothing\n', '<html></html>']) {
      expect(() => parseManifest(text, 'https://mirror/x.yaml')).toThrow(
        expect.objectContaining({ retryable: false }),
      );
    }
  });
});

describe("the catalog's add-ons on GKE", () => {
  it('maps or refuses every add-on of the catalog, with its own namespace', () => {
    const catalog = ADDON_CATALOG.map((addon) => addon.slug).sort();
    expect(
      [...Object.keys(GKE_ADDON_MANIFESTS), ...Object.keys(GKE_ADDON_REFUSALS)].sort(),
    ).toEqual(catalog);
    const namespaces = Object.values(GKE_ADDON_MANIFESTS).map((release) => release.namespace);
    expect(new Set(namespaces).size).toBe(namespaces.length);
    for (const release of Object.values(GKE_ADDON_MANIFESTS)) {
      expect(release.url).toMatch(/^https:\/\/(github\.com|raw\.githubusercontent\.com)\//);
      expect(release.url).toContain(release.version);
    }
  });

  it('sells a mapped add-on and says why not otherwise', () => {
    expect(addonRefusal({ slug: 'cert-manager', name: 'Certificates (cert-manager)' })).toBeNull();
    expect(addonRefusal({ slug: 'backup', name: 'Backup and restore' })).toBe(
      'Backup and restore is not offered on Google Kubernetes Engine: Velero is installed with its own CLI or Helm chart, with storage credentials',
    );
  });

  it('plans an apply and a deletion, and a records-only removal without a manifest', () => {
    expect(addonStep('gitops', true)).toMatchObject({
      key: 'gke:addon:gitops',
      done: 'Add-on gitops installed: Argo CD v2.13.3 applied in namespace argocd',
      effect: { type: 'addon-installed', slug: 'gitops' },
    });
    expect(addonStep('gitops', false)).toMatchObject({
      key: 'gke:addon-remove:gitops',
      effect: { type: 'addon-removed', slug: 'gitops' },
    });
    expect(addonStep('monitoring', false)).toMatchObject({
      key: 'addon-remove:monitoring',
      effect: { type: 'addon-removed', slug: 'monitoring' },
    });
  });
});
