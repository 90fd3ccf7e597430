import type { Answer, ReadRequest } from './kube-answers.ts';
import type { KubeClusterView, KubeNode } from './kube-types.ts';
import { timestamp } from './kube-names.ts';
import { objectNotFound, badRequestStatus } from './kube-status.ts';
import { parseLabelSelector, SelectorError } from './selectors.ts';

/** The resource metrics API group, as metrics-server serves it. */
export const METRICS_GROUP = 'metrics.k8s.io';
export const METRICS_VERSION = 'v1beta1';
const GROUP_VERSION = `${METRICS_GROUP}/${METRICS_VERSION}`;

/** `/apis`' entry for the group: kubectl top looks for it before it asks for metrics. */
export const metricsGroup = () => ({
  name: METRICS_GROUP,
  versions: [{ groupVersion: GROUP_VERSION, version: METRICS_VERSION }],
  preferredVersion: { groupVersion: GROUP_VERSION, version: METRICS_VERSION },
});

/** `GET /apis/metrics.k8s.io/v1beta1`: only nodes (the simulation has no per-pod samples). */
export const metricsResourceList = () => ({
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: GROUP_VERSION,
  resources: [
    {
      name: 'nodes',
      singularName: '',
      namespaced: false,
      kind: 'NodeMetrics',
      verbs: ['get', 'list'],
    },
  ],
});

const MINUTE_MS = 60_000;

/** A NodeMetrics: the sample of the minute `at` falls in, over a one-minute window. */
function nodeMetrics(node: KubeNode, usage: { cpuMillis: number; memoryBytes: number }, at: Date) {
  return {
    metadata: {
      name: node.metadata.name,
      creationTimestamp: timestamp(at),
      labels: node.metadata.labels,
    },
    timestamp: timestamp(new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS)),
    window: '1m0s',
    usage: { cpu: `${usage.cpuMillis}m`, memory: `${Math.round(usage.memoryBytes / 1024)}Ki` },
  };
}

/**
 * NodeMetrics of the cluster's nodes that have a sample (a node that has none, as one that
 * metrics-server has not scraped yet, is left out and `kubectl top` prints it as unknown).
 */
async function samples(cluster: KubeClusterView, nodes: KubeNode[], read: ReadRequest) {
  const usage = await cluster.nodeUsage!(read.now);
  return nodes.flatMap((node) => {
    const sample = usage.get(node.metadata.name);
    return sample ? [nodeMetrics(node, sample, read.now)] : [];
  });
}

/** `GET /apis/metrics.k8s.io/v1beta1/nodes`, filtered by `labelSelector` as the real one. */
export async function nodeMetricsList(
  cluster: KubeClusterView,
  nodes: KubeNode[],
  read: ReadRequest,
): Promise<Answer> {
  let matches: (labels: Record<string, string>) => boolean;
  try {
    const selector = read.query.labelSelector;
    matches = parseLabelSelector(typeof selector === 'string' ? selector : undefined);
  } catch (error) {
    if (error instanceof SelectorError) {
      const status = badRequestStatus(error.message);
      return { code: status.code, body: status };
    }
    throw error;
  }
  const items = await samples(
    cluster,
    nodes.filter((node) => matches(node.metadata.labels)),
    read,
  );
  return {
    code: 200,
    body: { kind: 'NodeMetricsList', apiVersion: GROUP_VERSION, metadata: {}, items },
  };
}

/** `GET /apis/metrics.k8s.io/v1beta1/nodes/{name}`. */
export async function nodeMetricsOne(
  cluster: KubeClusterView,
  nodes: KubeNode[],
  name: string,
  read: ReadRequest,
): Promise<Answer> {
  const node = nodes.filter((candidate) => candidate.metadata.name === name);
  const [found] = await samples(cluster, node, read);
  if (!found) {
    const status = objectNotFound(`nodes.${METRICS_GROUP}`, name);
    return { code: status.code, body: status };
  }
  return { code: 200, body: { kind: 'NodeMetrics', apiVersion: GROUP_VERSION, ...found } };
}
