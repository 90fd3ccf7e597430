import { describe, expect, it } from 'vitest';
import type { ClusterTopology, NodePool } from '@alpenkube/contract';
import {
  boxSize,
  gridColumns,
  layoutCluster,
  layoutTopologies,
  TARGET_ASPECT,
  TOPOLOGY_SIZES,
} from './topology-layout';

function pool(id: number, nodes: number): NodePool {
  return {
    id,
    name: `pool-${id}`,
    size: 'm-4',
    count: nodes,
    autoscaleMin: null,
    autoscaleMax: null,
    labels: {},
    taints: [],
    nodes: Array.from({ length: nodes }, (_, index) => ({
      name: `n-${id}-${index}`,
      status: index === 0 ? 'joining' : 'ready',
      zone: 'z-a',
      version: '1.37.2',
      createdAt: '2026-03-01T10:00:00Z',
    })),
  };
}

function topology(id: number, pools: NodePool[], addons = 1): ClusterTopology {
  return {
    id,
    name: `c-${id}`,
    status: 'running',
    controlPlane: { ha: true, replicas: 3, version: '1.37.2', endpoint: null, healthy: true },
    nodePools: pools,
    addons: Array.from({ length: addons }, (_, index) => ({
      slug: `a-${index}`,
      name: `Add-on ${index}`,
    })),
  };
}

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Rect, outer: Rect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

describe('the topology layout', () => {
  it('puts the control plane above one box per pool and one for the add-ons, joined by edges', () => {
    const layout = layoutCluster(topology(1, [pool(10, 2), pool(11, 4)], 2));
    const [controlPlane, ...rest] = layout.nodes;
    expect(controlPlane!.item.kind).toBe('control-plane');
    const boxes = rest.filter((node) => node.item.kind === 'pool' || node.item.kind === 'addons');
    expect(boxes.map((box) => box.id)).toEqual([
      'cluster-1/pool-10',
      'cluster-1/pool-11',
      'cluster-1/addons',
    ]);
    expect(layout.edges.map((edge) => [edge.source, edge.target])).toEqual(
      boxes.map((box) => ['cluster-1/control-plane', box.id]),
    );
    for (const box of boxes) expect(box.y).toBeGreaterThan(controlPlane!.y + controlPlane!.height);
    // Boxes sit side by side, and the control plane is centred over them.
    expect(boxes[1]!.x).toBe(boxes[0]!.x + boxes[0]!.width + TOPOLOGY_SIZES.boxGap);
    expect(controlPlane!.x + controlPlane!.width / 2).toBe(layout.width / 2);
  });

  it('places each node inside its pool’s box, in a grid that wraps, without overlaps', () => {
    const layout = layoutCluster(topology(1, [pool(10, 7)], 0));
    const box = layout.nodes.find((node) => node.id === 'cluster-1/pool-10')!;
    const chips = layout.nodes.filter((node) => node.item.kind === 'node');
    expect(chips).toHaveLength(7);
    for (const chip of chips) expect(inside(chip, box)).toBe(true);
    for (const [index, a] of chips.entries()) {
      for (const b of chips.slice(index + 1)) expect(overlaps(a, b)).toBe(false);
    }
    // Three columns: the fourth node starts the second row.
    expect(chips[3]!.x).toBe(chips[0]!.x);
    expect(chips[3]!.y).toBeGreaterThan(chips[0]!.y);
    expect(box).toMatchObject(boxSize(7));
  });

  it('keeps a box for a pool with no node yet, and no add-on box without add-ons', () => {
    const layout = layoutCluster(topology(1, [pool(10, 0)], 0));
    expect(layout.nodes.map((node) => node.id)).toEqual([
      'cluster-1/control-plane',
      'cluster-1/pool-10',
    ]);
    expect(layout.nodes[1]).toMatchObject(boxSize(1));
  });

  it('lays several clusters out in a grid where no two trees overlap, the same every time', () => {
    const topologies = [1, 2, 3, 4, 5].map((id) => topology(id, [pool(id * 10, id)], id % 2));
    const layout = layoutTopologies(topologies);
    expect(layoutTopologies(topologies)).toEqual(layout);
    const bounds = topologies.map((cluster) => {
      const own = layout.nodes.filter((node) => node.id.startsWith(`cluster-${cluster.id}/`));
      const x = Math.min(...own.map((node) => node.x));
      const y = Math.min(...own.map((node) => node.y));
      return {
        x,
        y,
        width: Math.max(...own.map((node) => node.x + node.width)) - x,
        height: Math.max(...own.map((node) => node.y + node.height)) - y,
      };
    });
    for (const [index, a] of bounds.entries()) {
      for (const b of bounds.slice(index + 1)) expect(overlaps(a, b)).toBe(false);
    }
    // Trees are wide: fewer columns than a square grid's, so clusters 3 to 5 start lower rows.
    expect(bounds[1]!.y).toBe(0);
    expect(bounds[2]!.x).toBe(0);
    expect(bounds[2]!.y).toBeGreaterThan(bounds[0]!.y + bounds[0]!.height);
    for (const node of layout.nodes) {
      expect(node.x + node.width).toBeLessThanOrEqual(layout.width);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.height);
    }
  });

  it('chooses the columns that bring many clusters closest to the frame’s shape', () => {
    const wide = Array.from({ length: 40 }, () => ({ width: 900, height: 250 }));
    const columns = gridColumns(wide);
    const shape = (count: number) => {
      const rows = Math.ceil(wide.length / count);
      return (
        (count * (900 + TOPOLOGY_SIZES.clusterGap)) / (rows * (250 + TOPOLOGY_SIZES.clusterGap))
      );
    };
    const distance = (count: number) => Math.abs(Math.log(shape(count) / TARGET_ASPECT));
    expect(distance(columns)).toBeLessThanOrEqual(distance(columns - 1));
    expect(distance(columns)).toBeLessThanOrEqual(distance(columns + 1));
    expect(gridColumns([{ width: 900, height: 250 }])).toBe(1);
    // Tall trees (a pool of many nodes) sit side by side.
    expect(gridColumns(Array.from({ length: 4 }, () => ({ width: 300, height: 1200 })))).toBe(4);
  });

  it('lays out nothing for no cluster', () => {
    expect(layoutTopologies([])).toEqual({ nodes: [], edges: [], width: 0, height: 0 });
  });
});
