import { useEffect, useMemo, type CSSProperties } from 'react';
import {
  Background,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { ClusterTopology } from '@alpenkube/contract';
import { cn } from '@/lib/cn';
import { useTheme } from '@/lib/theme';
import { describeItem } from '../topology-describe';
import { layoutTopologies, type TopologyLayout } from '../topology-layout';
import { clusterStatusTone } from '../topology-status';
import { topologyNodeTypes, type TopologyFlowNode } from './topology-nodes';

/** A small graph is not blown up past its natural size to fill the frame. */
const fitViewOptions = { maxZoom: 1, padding: 0.15 };

/** Past this many items only those in view are drawn: an organization may have hundreds. */
const DRAW_VISIBLE_ONLY_ABOVE = 300;

function toFlow(layout: TopologyLayout, topologies: readonly ClusterTopology[]) {
  const building = new Set(
    topologies
      .filter((topology) => clusterStatusTone[topology.status] !== 'ok')
      .map((topology) => `cluster-${topology.id}/`),
  );
  const nodes: TopologyFlowNode[] = layout.nodes.map((node) => ({
    id: node.id,
    type: 'topology',
    position: { x: node.x, y: node.y },
    width: node.width,
    height: node.height,
    data: { item: node.item },
    ariaLabel: describeItem(node.item),
    // Boxes lie under their chips.
    zIndex: node.item.kind === 'pool' || node.item.kind === 'addons' ? 0 : 1,
    draggable: false,
    connectable: false,
    selectable: false,
  }));
  const edges: Edge[] = layout.edges.map((edge) => ({
    ...edge,
    type: 'smoothstep',
    animated: [...building].some((prefix) => edge.source.startsWith(prefix)),
    focusable: false,
  }));
  return { nodes, edges };
}

/** Fits the view again when the graph's extent changes (a pool grew), not on every refresh. */
function FitOnResize({ width, height }: { width: number; height: number }) {
  const flow = useReactFlow();
  useEffect(() => {
    void flow.fitView({ ...fitViewOptions, duration: 200 });
  }, [flow, width, height]);
  return null;
}

/** Control planes, node pools with their nodes, and add-ons, drawn by React Flow. */
export function TopologyGraph({
  topologies,
  label,
}: {
  topologies: readonly ClusterTopology[];
  label: string;
}) {
  const { resolvedTheme } = useTheme();
  const layout = useMemo(() => layoutTopologies(topologies), [topologies]);
  const flow = useMemo(() => toFlow(layout, topologies), [layout, topologies]);
  return (
    <div
      role="figure"
      aria-label={label}
      className={cn(
        'min-h-80 overflow-hidden rounded-xl border bg-card',
        topologies.length > 1 ? 'h-[75dvh]' : 'h-[60dvh]',
      )}
      data-testid="topology-graph"
    >
      <ReactFlowProvider>
        <ReactFlow
          nodes={flow.nodes}
          edges={flow.edges}
          nodeTypes={topologyNodeTypes}
          colorMode={resolvedTheme}
          fitView
          fitViewOptions={fitViewOptions}
          // The card's own background, in either theme.
          style={{ '--xy-background-color': 'transparent' } as CSSProperties}
          minZoom={0.05}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          onlyRenderVisibleElements={flow.nodes.length > DRAW_VISIBLE_ONLY_ABOVE}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
          <FitOnResize width={layout.width} height={layout.height} />
        </ReactFlow>
      </ReactFlowProvider>
    </div>
  );
}
