import type { ClusterTopology } from '@alpenkube/contract';
import { describeItem } from '../topology-describe';
import { controlPlaneItem, topologyBoxes } from '../topology-layout';

/** The graph in words, for a screen reader or a keyboard: every item the graph draws. */
export function TopologyList({ topologies }: { topologies: readonly ClusterTopology[] }) {
  return (
    <section aria-labelledby="topology-list" className="space-y-2">
      <h2 id="topology-list" className="text-sm font-semibold">
        The same, as a list
      </h2>
      <ul className="space-y-3 text-sm" aria-label="Topology">
        {topologies.map((topology) => (
          <li key={topology.id}>
            {describeItem(controlPlaneItem(topology))}
            <ul className="mt-1 ml-5 list-disc space-y-1">
              {topologyBoxes(topology).map((box) => (
                <li key={box.id}>
                  {describeItem(box.item)}
                  <ul className="ml-5 list-[circle]">
                    {box.chips.map((chip) => (
                      <li key={chip.id} data-testid="topology-list-item">
                        {describeItem(chip.item)}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
