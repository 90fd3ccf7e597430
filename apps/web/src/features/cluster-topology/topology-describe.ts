import type { TopologyItem } from './topology-layout';

/** An item in words: what a screen reader hears on a focused graph node, and the list says. */
export function describeItem(item: TopologyItem): string {
  switch (item.kind) {
    case 'control-plane':
      return `${item.cluster}: control plane, ${item.status}, ${item.replicas} ${
        item.replicas === 1 ? 'replica' : 'replicas'
      }, Kubernetes ${item.version}${item.healthy ? '' : ', not answering'}`;
    case 'pool':
      return `Node pool ${item.name}: ${item.ready} of ${item.count} nodes ready, size ${item.size}`;
    case 'addons':
      return `Add-ons: ${item.count}`;
    case 'node':
      return `Node ${item.name}: ${item.status}, zone ${item.zone}`;
    case 'addon':
      return `Add-on ${item.name}`;
  }
}
