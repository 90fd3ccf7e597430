import { describe, expect, it } from 'vitest';
import { clusterObjects } from './kube-objects.ts';
import { podsResource } from './kube-resources.ts';
import { humanDuration, requestedTable } from './kube-tables.ts';
import { parseLabelSelector, SelectorError } from './selectors.ts';
import { DAY, testAddon, testCluster, testNode } from './test-support.ts';

const now = new Date();
const names = (objects: { metadata: { name: string } }[]) => objects.map((o) => o.metadata.name);

describe('the simulated objects of a cluster', () => {
  it('names pods as their controllers would, the same on every call and per cluster', () => {
    const cluster = testCluster();
    const { pods } = clusterObjects(cluster, now);
    expect(names(clusterObjects(cluster, new Date(now.getTime() + DAY)).pods)).toEqual(names(pods));
    expect(names(clusterObjects({ ...cluster, id: 8 }, now).pods)).not.toEqual(names(pods));

    const ingress = pods.filter((pod) => pod.metadata.namespace === 'ingress-nginx');
    expect(ingress).toHaveLength(2);
    for (const pod of ingress) {
      const [, hash] = /^ingress-nginx-([b-z2-9]{10})-[b-z2-9]{5}$/.exec(pod.metadata.name)!;
      expect(pod.metadata.labels).toMatchObject({
        'pod-template-hash': hash,
        'alpenkube.io/addon': 'ingress-nginx',
      });
      expect(pod.metadata.ownerReferences![0]).toMatchObject({
        kind: 'ReplicaSet',
        name: `ingress-nginx-${hash}`,
      });
    }
    const daemonPods = pods.filter((pod) =>
      /^(kube-proxy|cilium)-[b-z2-9]{5}$/.test(pod.metadata.name),
    );
    expect(daemonPods.map((pod) => pod.spec.nodeName).sort()).toEqual(
      [...names(cluster.nodes.map((n) => ({ metadata: { name: n.name } })))]
        .flatMap((name) => [name, name])
        .sort(),
    );
  });

  it('schedules deployments on ready nodes only, and leaves them Pending without one', () => {
    const cluster = testCluster();
    const { pods } = clusterObjects(cluster, now);
    const deployed = pods.filter((pod) => pod.metadata.ownerReferences![0]!.kind === 'ReplicaSet');
    expect(deployed).toHaveLength(5);
    for (const pod of deployed) expect(pod.spec.nodeName).not.toBe('prod-eu-gpu-7e8f9');

    const joining = testCluster({
      nodes: [testNode({ name: 'only-node', ready: false })],
      addons: [testAddon({ slug: 'logging' })],
    });
    const logging = clusterObjects(joining, now).pods.find((pod) =>
      pod.metadata.name.startsWith('logging-'),
    )!;
    expect(logging.spec).not.toHaveProperty('nodeName');
    expect(logging.status).not.toHaveProperty('podIP');
    expect(podsResource.cells(logging, now).slice(1, 4)).toEqual(['0/1', 'Pending', '0']);
  });

  it('keeps an older node its address when another joins, and gives pods addresses of their node', () => {
    const cluster = testCluster();
    const addressOf = (c: typeof cluster) =>
      new Map(
        clusterObjects(c, now).nodes.map((node) => [
          node.metadata.name,
          node.status.addresses.find((a) => a.type === 'InternalIP')!.address,
        ]),
      );
    const before = addressOf(cluster);
    const after = addressOf({
      ...cluster,
      nodes: [
        ...cluster.nodes,
        ...Array.from({ length: 40 }, (_, i) => testNode({ name: `new-${i}`, createdAt: now })),
      ],
    });
    for (const [name, address] of before) expect(after.get(name)).toBe(address);
    expect(new Set(after.values()).size).toBe(after.size);

    const { nodes, pods } = clusterObjects(cluster, now);
    const podIps = pods.map((pod) => pod.status.podIP);
    for (const pod of pods) {
      const node = nodes.find((n) => n.metadata.name === pod.spec.nodeName)!;
      const prefix = node.spec.podCIDR.replace(/0\/24$/, '');
      if (pod.spec.hostNetwork) expect(pod.status.podIP).toBe(node.status.addresses[0]!.address);
      else {
        expect(pod.status.podIP!.startsWith(prefix)).toBe(true);
        expect(podIps.filter((ip) => ip === pod.status.podIP)).toHaveLength(1);
      }
    }
  });

  it("lists each namespace once, an add-on's from its first add-on's creation", () => {
    const early = new Date(now.getTime() - 3 * DAY);
    const cluster = testCluster({
      addons: [
        testAddon({ slug: 'logging', namespace: 'observability', createdAt: new Date() }),
        testAddon({ slug: 'monitoring', namespace: 'observability', createdAt: early }),
        testAddon({ slug: 'metrics', namespace: 'kube-system' }),
      ],
    });
    const { namespaces } = clusterObjects(cluster, now);
    expect(names(namespaces)).toEqual([
      'default',
      'kube-node-lease',
      'kube-public',
      'kube-system',
      'observability',
    ]);
    const observability = namespaces.find((ns) => ns.metadata.name === 'observability')!;
    expect(observability.metadata.creationTimestamp).toBe(
      early.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
  });
});

describe('humanDuration', () => {
  it('writes ages as kubectl does', () => {
    const s = 1000;
    const m = 60 * s;
    const h = 60 * m;
    const cases: [number, string][] = [
      [-2 * s, '<invalid>'],
      [-s, '0s'],
      [0, '0s'],
      [119 * s, '119s'],
      [125 * s, '2m5s'],
      [10 * m, '10m'],
      [179 * m, '179m'],
      [3 * h + 5 * m, '3h5m'],
      [8 * h, '8h'],
      [47 * h, '47h'],
      [48 * h, '2d'],
      [50 * h, '2d2h'],
      [8 * DAY, '8d'],
      [729 * DAY, '729d'],
      [731 * DAY, '2y1d'],
      [3000 * DAY, '8y'],
    ];
    expect(cases.map(([ms]) => [ms, humanDuration(ms)])).toEqual(cases);
  });
});

describe('selectors and content negotiation', () => {
  const labels = { app: 'web', tier: 'front', 'alpenkube.io/node-pool': 'gpu', rank: '3' };
  it.each([
    ['app=web', true],
    ['app==web,tier=front', true],
    ['app!=web', false],
    ['alpenkube.io/node-pool in (gpu, default)', true],
    ['alpenkube.io/node-pool notin (gpu)', false],
    ['tier,!missing', true],
    ['!tier', false],
    ['rank>2,rank<4', true],
    ['', true],
  ])('%s matches: %s', (selector, expected) => {
    expect(parseLabelSelector(selector)(labels)).toBe(expected);
  });

  it('refuses a selector it cannot parse', () => {
    for (const selector of ['a in (b', 'app=we b', '-bad=1', 'rank>x']) {
      expect(() => parseLabelSelector(selector), selector).toThrow(SelectorError);
    }
  });

  it('picks the Table version kubectl prefers, or none for a plain JSON request', () => {
    expect(requestedTable('application/json;as=Table;v=v1;g=meta.k8s.io,application/json')).toBe(
      'v1',
    );
    expect(requestedTable('application/json;as=Table;v=v1beta1;g=meta.k8s.io')).toBe('v1beta1');
    expect(
      requestedTable('application/json;as=Table;v=v2;g=meta.k8s.io,application/json'),
    ).toBeNull();
    expect(requestedTable('application/json')).toBeNull();
    expect(requestedTable(undefined)).toBeNull();
  });
});
