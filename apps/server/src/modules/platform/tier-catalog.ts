import type { BackupFrequency } from '@alpenkube/contract';
import type { clusterTiers, NodeSizeRow } from './schema.ts';

type TierRow = Omit<typeof clusterTiers.$inferInsert, 'id'>;
type Size = Omit<NodeSizeRow, 'priceMonthlyCents' | 'priceYearlyCents'>;

const small: Size = { name: 's-2vcpu-4gb', vcpu: 2, memoryGb: 4, diskGb: 50, gpu: null };
const medium: Size = { name: 'm-4vcpu-16gb', vcpu: 4, memoryGb: 16, diskGb: 100, gpu: null };
const large: Size = { name: 'l-8vcpu-32gb', vcpu: 8, memoryGb: 32, diskGb: 200, gpu: null };
const xlarge: Size = { name: 'xl-16vcpu-64gb', vcpu: 16, memoryGb: 64, diskGb: 400, gpu: null };
const gpuL4: Size = {
  name: 'gpu-8vcpu-64gb-l4',
  vcpu: 8,
  memoryGb: 64,
  diskGb: 400,
  gpu: { model: 'NVIDIA L4', count: 1 },
};
const gpuH100: Size = {
  name: 'gpu-16vcpu-128gb-h100',
  vcpu: 16,
  memoryGb: 128,
  diskGb: 800,
  gpu: { model: 'NVIDIA H100', count: 1 },
};

/** Yearly prices are 12 months less the tier's commitment discount, in whole cents. */
const yearly = (monthlyCents: number, discountPercent: number) =>
  Math.round((monthlyCents * 12 * (100 - discountPercent)) / 100);

type TierInput = Omit<
  TierRow,
  | 'nodeSizes'
  | 'nodePriceMonthlyCents'
  | 'nodePriceYearlyCents'
  | 'controlPlanePriceYearlyCents'
  | 'haControlPlanePriceMonthlyCents'
  | 'haControlPlanePriceYearlyCents'
> & {
  /** Each size with its monthly price per node, cheapest first. */
  nodeSizes: [Size, number][];
  /** Extra for an HA control plane: 0 where it is included, null where it is not offered. */
  haControlPlanePriceMonthlyCents: number | null;
};

/**
 * A tier row: every yearly price from the tier's discount, and the tier's "node from" price
 * from its cheapest size, so that a node's price is written once.
 */
function tier(row: TierInput, discountPercent: number): TierRow {
  const nodeSizes = row.nodeSizes.map(([size, priceMonthlyCents]) => ({
    ...size,
    priceMonthlyCents,
    priceYearlyCents: yearly(priceMonthlyCents, discountPercent),
  }));
  const cheapest = nodeSizes[0]!;
  const ha = row.haControlPlanePriceMonthlyCents;
  return {
    ...row,
    nodeSizes,
    nodePriceMonthlyCents: cheapest.priceMonthlyCents,
    nodePriceYearlyCents: cheapest.priceYearlyCents,
    controlPlanePriceYearlyCents: yearly(row.controlPlanePriceMonthlyCents, discountPercent),
    haControlPlanePriceMonthlyCents: ha,
    haControlPlanePriceYearlyCents: ha === null ? null : yearly(ha, discountPercent),
  };
}

/** How often a tier's clusters have etcd backed up, and how long each backup is kept. */
export interface TierBackups {
  frequency: BackupFrequency;
  retentionDays: number;
}

/**
 * The tiers whose line promises backups; the clusters module takes them on this schedule and
 * deletes them after the retention. A tier not here has none (its line says nothing of them).
 */
export const TIER_BACKUPS: Readonly<Record<string, TierBackups>> = {
  blue: { frequency: 'daily', retentionDays: 7 },
  red: { frequency: 'hourly', retentionDays: 30 },
  green: { frequency: 'weekly', retentionDays: 28 },
};

/** The tier's line, written from its schedule so the two cannot disagree. */
export function backupLine({ frequency, retentionDays }: TierBackups): string {
  const kept =
    retentionDays % 7 === 0 && retentionDays >= 14
      ? `${retentionDays / 7} weeks`
      : `${retentionDays} day${retentionDays === 1 ? '' : 's'}`;
  const often = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly' }[frequency];
  return `${often} etcd backups, kept ${kept}`;
}

/** The seven tiers of the spec, in the footer's order. Prices in USD cents. */
export const TIER_CATALOG: TierRow[] = [
  tier(
    {
      slug: 'blue',
      name: 'Standard (Blue)',
      sortOrder: 1,
      sla: '99.9% API availability target',
      description:
        'Production Kubernetes for most workloads: managed control plane, resizable node pools and daily etcd backups, in the region you choose.',
      nodeSizes: [
        [small, 4800],
        [medium, 9600],
        [large, 19200],
      ],
      haControlPlanePriceMonthlyCents: 14400,
      controlPlanePriceMonthlyCents: 7200,
      minNodes: 3,
      maxNodes: 50,
      features: [
        'Managed control plane',
        'Resizable node pools',
        backupLine(TIER_BACKUPS.blue!),
        'Private networking',
        'Ticket support under your support plan',
      ],
    },
    15,
  ),
  tier(
    {
      slug: 'red',
      name: 'Enterprise (Red)',
      sortOrder: 2,
      sla: '99.95% API availability target, HA control plane',
      description:
        'Mission-critical clusters with a highly available control plane across three zones and 24/7 support.',
      nodeSizes: [
        [medium, 9600],
        [large, 19200],
        [xlarge, 38400],
      ],
      haControlPlanePriceMonthlyCents: 0,
      controlPlanePriceMonthlyCents: 29900,
      minNodes: 3,
      maxNodes: 200,
      features: [
        'HA control plane over 3 zones',
        'Three-member etcd',
        backupLine(TIER_BACKUPS.red!),
        '24/7 support, 15-minute response (Enterprise targets, included)',
      ],
    },
    20,
  ),
  tier(
    {
      slug: 'green',
      name: 'Economy (Green)',
      sortOrder: 3,
      sla: '99.5% API availability target',
      description:
        'Cost-efficient clusters for steady workloads and internal tools, with a free control plane.',
      nodeSizes: [
        [small, 2900],
        [medium, 5800],
      ],
      haControlPlanePriceMonthlyCents: null,
      controlPlanePriceMonthlyCents: 0,
      minNodes: 2,
      maxNodes: 20,
      features: [
        'Free control plane',
        backupLine(TIER_BACKUPS.green!),
        'Ticket support under your support plan',
      ],
    },
    10,
  ),
  tier(
    {
      slug: 'data',
      name: 'Data Analytics',
      sortOrder: 4,
      sla: '99.9% API availability target',
      description:
        'Large nodes, with 32 or 64 GB of memory and up to 400 GB of disk, for Spark, Trino and stream processing.',
      nodeSizes: [
        [large, 13900],
        [xlarge, 27800],
      ],
      haControlPlanePriceMonthlyCents: 14400,
      controlPlanePriceMonthlyCents: 7200,
      minNodes: 3,
      maxNodes: 100,
      features: [
        'Nodes with 32 or 64 GB of memory',
        'Up to 400 GB of disk per node',
        'Up to 100 nodes per cluster',
      ],
    },
    15,
  ),
  tier(
    {
      slug: 'ai',
      name: 'AI/ML (Violet)',
      sortOrder: 5,
      sla: '99.9% API availability target',
      description:
        'GPU node pools with NVIDIA L4 or H100 cards and the NVIDIA GPU operator as a free add-on, for training and inference.',
      nodeSizes: [
        [gpuL4, 89900],
        [gpuH100, 349900],
      ],
      haControlPlanePriceMonthlyCents: 14400,
      controlPlanePriceMonthlyCents: 7200,
      minNodes: 1,
      maxNodes: 32,
      features: ['NVIDIA L4 and H100 nodes', 'GPU operator add-on at no charge'],
    },
    18,
  ),
  tier(
    {
      slug: 'orange',
      name: 'Dev/Test (Orange)',
      sortOrder: 6,
      sla: 'Best effort',
      description:
        'Short-lived clusters for development, CI and staging: they sleep on a schedule outside working hours and can expire on their own.',
      nodeSizes: [
        [small, 1900],
        [medium, 3800],
      ],
      haControlPlanePriceMonthlyCents: null,
      controlPlanePriceMonthlyCents: 0,
      minNodes: 1,
      maxNodes: 10,
      features: [
        'Sleep schedules',
        'Ephemeral preview clusters',
        'Free control plane',
        'Ticket support under your support plan',
      ],
    },
    5,
  ),
  tier(
    {
      slug: 'sandbox',
      name: 'Sandbox (Gray)',
      sortOrder: 7,
      sla: 'No SLA',
      description:
        'A single-node cluster to learn Kubernetes and try the platform: free for 30 days, then billed per hour.',
      nodeSizes: [[small, 900]],
      haControlPlanePriceMonthlyCents: null,
      controlPlanePriceMonthlyCents: 0,
      minNodes: 1,
      maxNodes: 1,
      features: [
        'One node',
        'Free control plane',
        'Step-by-step tutorials',
        'Deleted after 30 idle days',
      ],
    },
    0,
  ),
];
