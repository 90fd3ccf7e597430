import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { Boxes, Package, Server } from 'lucide-react';
import { cn } from '@/lib/cn';
import { clusterStatusTone, nodeStatusTone, toneClasses } from '../topology-status';
import type { TopologyItem } from '../topology-layout';

type ItemOf<K extends TopologyItem['kind']> = Extract<TopologyItem, { kind: K }>;
export type TopologyFlowNode = Node<{ item: TopologyItem }>;

// Edges only join the control plane to its boxes: the handles are anchors, not controls.
const hiddenHandle = '!size-1 !min-h-0 !min-w-0 !border-0 !bg-transparent';

function ControlPlaneNode({ item }: { item: ItemOf<'control-plane'> }) {
  const tone = toneClasses[clusterStatusTone[item.status]];
  return (
    <div
      className={cn(
        'flex h-full flex-col justify-center gap-0.5 rounded-xl border-2 px-3 leading-tight',
        tone.box,
      )}
      data-status={item.status}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Server className="size-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{item.cluster}</span>
      </p>
      <p className="truncate text-xs">
        Control plane · <span className="font-medium">{item.status}</span>
      </p>
      <p className="flex items-center gap-1.5 text-xs whitespace-nowrap text-muted-foreground">
        <span className="inline-flex gap-0.5" aria-hidden="true">
          {Array.from({ length: item.replicas }, (_, index) => (
            <span key={index} className={cn('size-2 rounded-full border', tone.swatch)} />
          ))}
        </span>
        {item.replicas} {item.replicas === 1 ? 'replica' : 'replicas'} · v{item.version}
      </p>
      <Handle
        type="source"
        position={Position.Bottom}
        className={hiddenHandle}
        isConnectable={false}
      />
    </div>
  );
}

function BoxNode({ item }: { item: ItemOf<'pool'> | ItemOf<'addons'> }) {
  return (
    <div className="h-full rounded-xl border border-border bg-muted/40 px-3 pt-2.5">
      <Handle
        type="target"
        position={Position.Top}
        className={hiddenHandle}
        isConnectable={false}
      />
      <p className="flex items-center gap-2 text-xs font-semibold whitespace-nowrap">
        {item.kind === 'pool' ? (
          <>
            <Boxes className="size-4 shrink-0" aria-hidden="true" />
            <span className="shrink-0">Pool {item.name}</span>
            <span className="truncate font-normal text-muted-foreground">
              {item.ready}/{item.count} ready · {item.size}
            </span>
          </>
        ) : (
          <>
            <Package className="size-4 shrink-0" aria-hidden="true" />
            Add-ons
          </>
        )}
      </p>
      {item.kind === 'pool' && item.nodes === 0 ? (
        <p className="mt-4 text-xs text-muted-foreground">No node yet</p>
      ) : null}
    </div>
  );
}

function ChipNode({ item }: { item: ItemOf<'node'> | ItemOf<'addon'> }) {
  if (item.kind === 'addon') {
    return (
      <div className="flex h-full items-center rounded-lg border border-primary/40 bg-card px-3 text-xs font-medium">
        <span className="truncate">{item.name}</span>
      </div>
    );
  }
  const tone = toneClasses[nodeStatusTone[item.status]];
  return (
    <div
      className={cn('flex h-full flex-col justify-center rounded-lg border px-3', tone.box)}
      data-status={item.status}
    >
      <p className="truncate font-mono text-[11px]" title={item.name}>
        {item.name}
      </p>
      <p className="text-[11px] text-muted-foreground">
        <span className="capitalize">{item.status}</span> · {item.zone}
      </p>
    </div>
  );
}

function TopologyNode({ data }: NodeProps<TopologyFlowNode>) {
  const { item } = data;
  switch (item.kind) {
    case 'control-plane':
      return <ControlPlaneNode item={item} />;
    case 'pool':
    case 'addons':
      return <BoxNode item={item} />;
    default:
      return <ChipNode item={item} />;
  }
}

export const topologyNodeTypes = { topology: TopologyNode };
