import { describe, expect, it } from 'vitest';
import { jsonPatch, mergePatch, PatchError, strategicMerge } from './kube-patch.ts';

describe('patches', () => {
  const deployment = {
    spec: {
      replicas: 2,
      template: {
        spec: {
          containers: [
            { name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }] },
            { name: 'sidecar', image: 'envoy:1' },
          ],
        },
      },
    },
  };

  it('merges a JSON merge patch, null deleting a field and lists replaced', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, l: [1, 2] }, { b: { c: null }, l: [3] })).toEqual({
      a: 1,
      b: { d: 3 },
      l: [3],
    });
  });

  it('merges the lists kubectl apply sends by their key, in the order asked', () => {
    const patched = strategicMerge(
      deployment as never,
      {
        spec: {
          template: {
            spec: {
              '$setElementOrder/containers': [{ name: 'sidecar' }, { name: 'web' }],
              containers: [{ name: 'web', image: 'nginx:1.28' }],
            },
          },
        },
      } as never,
    ) as typeof deployment;
    expect(patched.spec.template.spec.containers).toEqual([
      { name: 'sidecar', image: 'envoy:1' },
      { name: 'web', image: 'nginx:1.28', ports: [{ containerPort: 80 }] },
    ]);
    const removed = strategicMerge(deployment as never, {
      spec: { template: { spec: { containers: [{ name: 'sidecar', $patch: 'delete' }] } } },
    }) as typeof deployment;
    expect(removed.spec.template.spec.containers.map((container) => container.name)).toEqual([
      'web',
    ]);
  });

  it('applies a JSON patch, and refuses a failed test or a missing path', () => {
    expect(
      jsonPatch(deployment as never, [
        { op: 'replace', path: '/spec/replicas', value: 5 },
        { op: 'add', path: '/spec/template/spec/containers/-', value: { name: 'x', image: 'y' } },
        { op: 'remove', path: '/spec/template/spec/containers/1' },
      ]),
    ).toMatchObject({
      spec: { replicas: 5, template: { spec: { containers: [{ name: 'web' }, { name: 'x' }] } } },
    });
    expect(() =>
      jsonPatch(deployment as never, [{ op: 'test', path: '/spec/replicas', value: 3 }]),
    ).toThrow(PatchError);
    expect(() =>
      jsonPatch(deployment as never, [{ op: 'replace', path: '/spec/nope/x', value: 1 }]),
    ).toThrow(PatchError);
    // The document patched is a copy.
    expect(deployment.spec.replicas).toBe(2);
  });
});
