import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseNodePool } from './cluster-changes.ts';
import { mergeKubeconfig } from './kubeconfig.ts';
import { render } from './output.ts';

const clusterConfig = (name: string, server: string) => `apiVersion: v1
kind: Config
clusters:
  - name: ${name}
    cluster: { server: "${server}" }
users:
  - name: ${name}-admin
    user: { token: secret }
contexts:
  - name: ${name}
    context: { cluster: ${name}, user: ${name}-admin }
current-context: ${name}
`;

describe('kubeconfig save', () => {
  it('adds the cluster as its own context, made current, and keeps the others', () => {
    const existing = clusterConfig('home', 'https://home:6443');
    const { text, context } = mergeKubeconfig(existing, clusterConfig('web', 'https://a:6443'));
    expect(context).toBe('web');
    const merged = parse(text);
    expect(merged['current-context']).toBe('web');
    expect(merged.contexts.map((c: { name: string }) => c.name)).toEqual(['home', 'web']);
    expect(merged.users.map((u: { name: string }) => u.name)).toEqual(['home-admin', 'web-admin']);
  });

  it('replaces an older copy of the same cluster instead of adding a second', () => {
    const first = mergeKubeconfig('', clusterConfig('web', 'https://old:6443')).text;
    const merged = parse(mergeKubeconfig(first, clusterConfig('web', 'https://new:6443')).text);
    expect(merged.clusters).toEqual([{ name: 'web', cluster: { server: 'https://new:6443' } }]);
    expect(merged.contexts).toHaveLength(1);
  });
});

describe('clusters create --node-pool', () => {
  it('reads name, size, count and the autoscale bounds', () => {
    expect(parseNodePool('name=web;size=m-4vcpu-16gb;count=3')).toEqual({
      name: 'web',
      size: 'm-4vcpu-16gb',
      count: 3,
    });
    expect(parseNodePool('name=b; size=s; count=3; min=3; max=6')).toMatchObject({
      autoscaleMin: 3,
      autoscaleMax: 6,
    });
  });

  it('refuses a pool without its size or a whole count', () => {
    expect(() => parseNodePool('name=web;count=3')).toThrow(/name=…;size=…;count=N/);
    expect(() => parseNodePool('name=web;size=s;count=2.5')).toThrow();
  });
});

describe('--output table', () => {
  it('aligns the columns under their headers', () => {
    const rows = [
      { id: 1, name: 'web' },
      { id: 22, name: null },
    ];
    const columns = [
      { header: 'ID', value: (row: (typeof rows)[number]) => row.id },
      { header: 'NAME', value: (row: (typeof rows)[number]) => row.name },
    ];
    expect(render(rows, columns, 'table')).toBe('ID   NAME\n1    web\n22   -\n');
  });
});
