import { describe, expect, it } from 'vitest';
import { placeObjects, type KubeObject } from './kube-apply.ts';

/** What the cluster's discovery answers for the kinds below. */
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'CustomResourceDefinition',
  'ClusterRole',
  'ClusterRoleBinding',
  'ValidatingWebhookConfiguration',
  'IngressClass',
]);
const namespaced = (object: KubeObject) => !CLUSTER_SCOPED.has(object.kind);
const object = (kind: string, name: string, namespace?: string): KubeObject => ({
  apiVersion: 'v1',
  kind,
  metadata: { name, ...(namespace === undefined ? {} : { namespace }) },
});
const where = (objects: KubeObject[]) =>
  objects.map((o) => `${o.kind} ${o.metadata.namespace ?? '-'}/${o.metadata.name}`);

describe("where an add-on's objects are applied, and in which order", () => {
  it('puts namespaced objects in the add-on namespace unless they name their own', () => {
    const placed = placeObjects(
      'cert-manager',
      [
        object('ServiceAccount', 'cert-manager', 'cert-manager'),
        object('Role', 'cert-manager:leaderelection', 'kube-system'),
        object('Deployment', 'cert-manager'),
        object('Service', 'cert-manager-webhook', ''),
      ],
      namespaced,
    );
    expect(where(placed)).toEqual([
      'Namespace -/cert-manager',
      'ServiceAccount cert-manager/cert-manager',
      'Role kube-system/cert-manager:leaderelection',
      'Deployment cert-manager/cert-manager',
      'Service cert-manager/cert-manager-webhook',
    ]);
  });

  it('applies cluster-scoped objects without a namespace, even one the manifest gave', () => {
    const placed = placeObjects(
      'argocd',
      [
        object('ClusterRole', 'argocd-server'),
        object('ClusterRoleBinding', 'argocd-server', 'argocd'),
        object('IngressClass', 'nginx', 'ingress-nginx'),
      ],
      namespaced,
    );
    expect(placed.every((o) => !('namespace' in o.metadata))).toBe(true);
  });

  it('applies Namespaces, then CRDs, first; the rest in the manifest order; each once', () => {
    const placed = placeObjects(
      'kyverno',
      [
        object('ConfigMap', 'kyverno'),
        object('CustomResourceDefinition', 'policies.kyverno.io'),
        object('ClusterRole', 'kyverno'),
        object('Namespace', 'kyverno'),
        object('Namespace', 'kyverno-reports'),
        object('CustomResourceDefinition', 'clusterpolicies.kyverno.io'),
        object('Deployment', 'kyverno-admission-controller'),
        object('ValidatingWebhookConfiguration', 'kyverno-policy'),
      ],
      namespaced,
    );
    expect(where(placed)).toEqual([
      'Namespace -/kyverno',
      'Namespace -/kyverno-reports',
      'CustomResourceDefinition -/policies.kyverno.io',
      'CustomResourceDefinition -/clusterpolicies.kyverno.io',
      'ConfigMap kyverno/kyverno',
      'ClusterRole -/kyverno',
      'Deployment kyverno/kyverno-admission-controller',
      'ValidatingWebhookConfiguration -/kyverno-policy',
    ]);
  });

  it('keeps every other field as the manifest has it, and never changes the manifest', () => {
    const crd: KubeObject = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'certificates.cert-manager.io', labels: { app: 'cert-manager' } },
      spec: {
        group: 'cert-manager.io',
        versions: [
          {
            name: 'v1',
            schema: { openAPIV3Schema: { 'x-kubernetes-preserve-unknown-fields': true } },
          },
        ],
      },
    };
    const before = structuredClone(crd);
    const [, placed] = placeObjects('cert-manager', [crd], namespaced);
    expect(placed).toEqual(before);
    expect(crd).toEqual(before);
  });
});
