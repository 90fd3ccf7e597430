import type { ReactNode } from 'react';
import type { NodeSize } from '@alpenkube/contract';
import { nodeLimits } from '@/lib/catalog/cluster-config-rules';
import type { TierOverview } from '../tier-overview';
import { gibText, vcpuText } from '../words';

/**
 * The lines the cluster-selection page compares, one definition for the desktop table (a row
 * each) and the phone's cards (a term each), so both always say the same.
 */
export interface TierFact {
  id: string;
  label: string;
  value: (overview: TierOverview, money: (cents: number) => string) => ReactNode;
}

const sizeText = (size: NodeSize) => `${vcpuText(size.vcpu)}, ${gibText(size.memoryGb)}`;

function range(from: string, to: string) {
  return from === to ? from : `${from} to ${to}`;
}

export const tierFacts: TierFact[] = [
  { id: 'purpose', label: 'What it is for', value: ({ tier }) => tier.description },
  { id: 'sla', label: 'SLA', value: ({ tier }) => tier.sla || 'None' },
  {
    id: 'sizes',
    label: 'Node sizes',
    value: ({ tier, smallest, largest }) => (
      <>
        {range(sizeText(smallest), sizeText(largest))}
        <span className="block text-xs text-muted-foreground">
          {tier.nodeSizes.length} {tier.nodeSizes.length === 1 ? 'size' : 'sizes'}
        </span>
      </>
    ),
  },
  {
    id: 'node-price',
    label: 'Per node, a month',
    value: ({ nodePrice }, money) => range(money(nodePrice.from), money(nodePrice.to)),
  },
  {
    id: 'control-plane',
    label: 'Control plane, a month',
    value: ({ controlPlaneMonthly }, money) =>
      controlPlaneMonthly === 0 ? 'Free' : money(controlPlaneMonthly),
  },
  {
    id: 'from',
    label: 'Smallest cluster, a month',
    value: ({ tier, smallest, startingMonthly }, money) => (
      <>
        <span className="font-semibold">{money(startingMonthly)}</span>
        <span className="block text-xs text-muted-foreground">
          {tier.minNodes} × {smallest.name} and the control plane
        </span>
      </>
    ),
  },
  { id: 'nodes', label: 'Nodes', value: ({ tier }) => nodeLimits(tier) },
  {
    id: 'ha',
    label: 'HA control plane',
    value: ({ ha }, money) =>
      ha.offer === 'included'
        ? 'Included'
        : ha.offer === 'extra'
          ? `${money(ha.monthly)} a month extra`
          : 'Not offered',
  },
  {
    id: 'gpus',
    label: 'GPUs',
    value: ({ gpuModels }) => (gpuModels.length ? gpuModels.join(', ') : 'None'),
  },
];
