import type { ClusterTopology } from '@alpenkube/contract';
import { TopologyGraph } from './topology-graph';
import { TopologyLegend } from './topology-legend';
import { TopologyList } from './topology-list';

/** The graph, what its colours mean, and the same in a list. */
export function TopologyView({
  topologies,
  label,
}: {
  topologies: readonly ClusterTopology[];
  label: string;
}) {
  return (
    <div className="space-y-6">
      <TopologyLegend />
      <TopologyGraph topologies={topologies} label={label} />
      <TopologyList topologies={topologies} />
    </div>
  );
}
