import type { ClusterStatus, ClusterTopology, NodeStatus } from '@alpenkube/contract';

/*
 * A deterministic tree layout of clusters, computed here rather than by a layout library: each
 * cluster is its control plane above a row of boxes (one per node pool, holding its nodes in a
 * grid, and one for the add-ons); several clusters sit in a grid of such trees. Positions are
 * absolute, in pixels, so the graph library only draws them.
 */

export const TOPOLOGY_SIZES = {
  controlPlane: { width: 240, height: 76 },
  chip: { width: 176, height: 48 },
  chipGap: 10,
  boxPadding: 12,
  boxHeader: 40,
  /** A pool's nodes wrap after this many columns, so a large pool grows down, not sideways. */
  columns: 3,
  levelGap: 64,
  boxGap: 32,
  clusterGap: 96,
} as const;

export type TopologyItem =
  | {
      kind: 'control-plane';
      clusterId: number;
      cluster: string;
      status: ClusterStatus;
      replicas: number;
      version: string;
      healthy: boolean;
    }
  | {
      kind: 'pool';
      clusterId: number;
      name: string;
      size: string;
      /** Nodes asked for, nodes that exist now, and those of them ready. */
      count: number;
      nodes: number;
      ready: number;
    }
  | { kind: 'addons'; clusterId: number; count: number }
  | { kind: 'node'; clusterId: number; name: string; status: NodeStatus; zone: string }
  | { kind: 'addon'; clusterId: number; name: string };

export interface LaidOutNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  item: TopologyItem;
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
}

export interface TopologyLayout {
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  width: number;
  height: number;
}

const S = TOPOLOGY_SIZES;

/** A box's size for `count` chips in the grid (an empty box keeps room for one). */
export function boxSize(count: number) {
  const columns = Math.min(Math.max(count, 1), S.columns);
  const rows = Math.max(1, Math.ceil(count / S.columns));
  return {
    width: S.boxPadding * 2 + columns * S.chip.width + (columns - 1) * S.chipGap,
    height: S.boxHeader + S.boxPadding + rows * S.chip.height + (rows - 1) * S.chipGap,
  };
}

/** Where the chip at `index` of a box sits, relative to the box. */
function chipOffset(index: number) {
  const column = index % S.columns;
  const row = Math.floor(index / S.columns);
  return {
    x: S.boxPadding + column * (S.chip.width + S.chipGap),
    y: S.boxHeader + row * (S.chip.height + S.chipGap),
  };
}

export interface TopologyBox {
  id: string;
  item: TopologyItem;
  chips: { id: string; item: TopologyItem }[];
}

export function controlPlaneItem(topology: ClusterTopology): TopologyItem {
  return {
    kind: 'control-plane',
    clusterId: topology.id,
    cluster: topology.name,
    status: topology.status,
    replicas: topology.controlPlane.replicas,
    version: topology.controlPlane.version,
    healthy: topology.controlPlane.healthy,
  };
}

/** Under the control plane: a box per node pool holding its nodes, then one for the add-ons. */
export function topologyBoxes(topology: ClusterTopology): TopologyBox[] {
  const prefix = `cluster-${topology.id}`;
  const boxes: TopologyBox[] = topology.nodePools.map((pool) => ({
    id: `${prefix}/pool-${pool.id}`,
    item: {
      kind: 'pool',
      clusterId: topology.id,
      name: pool.name,
      size: pool.size,
      count: pool.count,
      nodes: pool.nodes.length,
      ready: pool.nodes.filter((node) => node.status === 'ready').length,
    },
    chips: pool.nodes.map((node) => ({
      id: `${prefix}/node-${node.name}`,
      item: {
        kind: 'node',
        clusterId: topology.id,
        name: node.name,
        status: node.status,
        zone: node.zone,
      },
    })),
  }));
  if (topology.addons.length > 0) {
    boxes.push({
      id: `${prefix}/addons`,
      item: { kind: 'addons', clusterId: topology.id, count: topology.addons.length },
      chips: topology.addons.map((addon) => ({
        id: `${prefix}/addon-${addon.slug}`,
        item: { kind: 'addon', clusterId: topology.id, name: addon.name },
      })),
    });
  }
  return boxes;
}

/** One cluster's tree with its top-left corner at the origin. */
export function layoutCluster(topology: ClusterTopology): TopologyLayout {
  const boxes = topologyBoxes(topology).map((box) => ({ ...box, size: boxSize(box.chips.length) }));
  const rowWidth =
    boxes.reduce((sum, box) => sum + box.size.width, 0) + Math.max(0, boxes.length - 1) * S.boxGap;
  const width = Math.max(rowWidth, S.controlPlane.width);
  const boxesTop = S.controlPlane.height + S.levelGap;
  const height = boxes.length
    ? boxesTop + Math.max(...boxes.map((box) => box.size.height))
    : S.controlPlane.height;

  const controlPlaneId = `cluster-${topology.id}/control-plane`;
  const nodes: LaidOutNode[] = [
    {
      id: controlPlaneId,
      x: (width - S.controlPlane.width) / 2,
      y: 0,
      ...S.controlPlane,
      item: controlPlaneItem(topology),
    },
  ];
  const edges: LaidOutEdge[] = [];
  let x = (width - rowWidth) / 2;
  for (const box of boxes) {
    nodes.push({ id: box.id, x, y: boxesTop, ...box.size, item: box.item });
    edges.push({ id: `${controlPlaneId}->${box.id}`, source: controlPlaneId, target: box.id });
    box.chips.forEach((chip, index) => {
      const offset = chipOffset(index);
      nodes.push({
        id: chip.id,
        x: x + offset.x,
        y: boxesTop + offset.y,
        ...S.chip,
        item: chip.item,
      });
    });
    x += box.size.width + S.boxGap;
  }
  return { nodes, edges, width, height };
}

const moved = (layout: TopologyLayout, dx: number, dy: number) => ({
  nodes: layout.nodes.map((node) => ({ ...node, x: node.x + dx, y: node.y + dy })),
  edges: layout.edges,
});

/** The shape the overview's grid aims at: about the graph frame's, wider than tall. */
export const TARGET_ASPECT = 1.6;

/**
 * How many clusters a row holds: trees are much wider than tall, so the grid takes the number
 * of columns that brings the whole closest to the frame's shape rather than a square count.
 */
export function gridColumns(sizes: readonly { width: number; height: number }[]): number {
  if (sizes.length === 0) return 1;
  const width = sizes.reduce((sum, size) => sum + size.width, 0) / sizes.length + S.clusterGap;
  const height = sizes.reduce((sum, size) => sum + size.height, 0) / sizes.length + S.clusterGap;
  const columns = Math.round(Math.sqrt((sizes.length * TARGET_ASPECT * height) / width));
  return Math.min(sizes.length, Math.max(1, columns));
}

/**
 * Several clusters in a grid, in the order given (see `gridColumns`): each row is as tall as
 * its tallest cluster, so trees never overlap.
 */
export function layoutTopologies(topologies: readonly ClusterTopology[]): TopologyLayout {
  const trees = topologies.map(layoutCluster);
  const columns = gridColumns(trees);
  const nodes: LaidOutNode[] = [];
  const edges: LaidOutEdge[] = [];
  let top = 0;
  let width = 0;
  for (let start = 0; start < trees.length; start += columns) {
    const row = trees.slice(start, start + columns);
    let left = 0;
    for (const cluster of row) {
      const placed = moved(cluster, left, top);
      nodes.push(...placed.nodes);
      edges.push(...placed.edges);
      left += cluster.width + S.clusterGap;
    }
    width = Math.max(width, left - S.clusterGap);
    top += Math.max(...row.map((cluster) => cluster.height)) + S.clusterGap;
  }
  return { nodes, edges, width, height: Math.max(0, top - S.clusterGap) };
}
