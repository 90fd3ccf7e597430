import type { UsageMetric } from '@alpenkube/contract';

/**
 * The hour arithmetic of metering, free of the database: what one cluster used in one hour,
 * from its history (nodes' lives, when it first ran and was deleted, what its subscription paid
 * for), in thousandths of a unit, and what the part beyond the prepaid one costs in millicents.
 * Times are cut to the whole second before anything is counted.
 */

export const HOUR_MS = 3_600_000;
const HOUR_SECONDS = 3600;

export const hourStart = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const hourEnd = (at: Date) => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);
export const addHours = (at: Date, hours: number) => new Date(at.getTime() + hours * HOUR_MS);

/** The UTC day of an hour, as usage_daily keys it. */
export const dayOf = (hour: Date) => hour.toISOString().slice(0, 10);

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Seconds to thousandths of an hour, half up. */
export const milliHours = (secondsCount: number) =>
  Math.round((secondsCount * 1000) / HOUR_SECONDS);

/** A lifetime: from `start` until `end`, or still going when `end` is null. */
export interface Span {
  start: Date;
  end: Date | null;
}

/** Whole seconds of `span` inside [from, to). */
export function overlapSeconds(span: Span, from: Date, to: Date): number {
  const start = Math.max(seconds(span.start), seconds(from));
  const end = Math.min(span.end ? seconds(span.end) : Infinity, seconds(to));
  return Math.max(0, end - start);
}

/**
 * One pool's nodes inside [from, to): the node-seconds of all of them, and the node-seconds
 * beyond `paid` nodes at once (a sixth node of a pool paid for five counts while six run).
 */
export function poolSeconds(
  nodes: Span[],
  from: Date,
  to: Date,
  paid: number,
): { seconds: number; billableSeconds: number } {
  const lo = seconds(from);
  const hi = seconds(to);
  const changes: [at: number, delta: number][] = [];
  let total = 0;
  for (const node of nodes) {
    const start = Math.max(seconds(node.start), lo);
    const end = Math.min(node.end ? seconds(node.end) : Infinity, hi);
    if (end <= start) continue;
    total += end - start;
    changes.push([start, 1], [end, -1]);
  }
  changes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let last = lo;
  let billable = 0;
  for (const [at, delta] of changes) {
    billable += Math.max(0, running - paid) * (at - last);
    running += delta;
    last = at;
  }
  return { seconds: total, billableSeconds: billable };
}

/** What a period prepaid, as the subscription's `paid_config` says. */
export interface PaidConfig {
  nodePools: { name: string; count: number }[];
  addons: string[];
}

/** A subscription of the cluster: it covers the hours before it was cancelled. */
export interface CoveringSubscription {
  paidConfig: PaidConfig | null;
  cancelledAt: Date | null;
}

/** What the metering of one cluster knows of its history. */
export interface ClusterHistory {
  /** The first `running` event: the control plane exists from then. */
  firstRunningAt: Date | null;
  deletedAt: Date | null;
  /** A trial's end (the sandbox's, a whole hour): the hours before it are used, not billable. */
  freeUntil: Date | null;
  /** The add-ons it has now. */
  addons: string[];
  /** Every pool it ever had, removed ones too. */
  pools: { id: number; name: string }[];
  nodes: (Span & { poolId: number })[];
  subscriptions: CoveringSubscription[];
}

/** Millicents per unit and hour (per GB for egress), from the price engine. */
export interface HourRates {
  controlPlaneHour: number;
  /** By pool id. */
  nodeHour: Record<number, number>;
  /** By add-on slug: the whole add-on on the cluster for an hour. */
  addonHour: Record<string, number>;
  storageGbHour: number;
  egressGb: number;
}

export interface MeteredUsage {
  metric: UsageMetric;
  hour: Date;
  quantityMilli: number;
  billableMilli: number;
  costMillicents: number;
}

/** Billable thousandths × millicents per unit: millicents, half up. */
export const costOf = (billableMilli: number, rate: number) =>
  Math.round((billableMilli * rate) / 1000);

/**
 * What the cluster's period paid for at `hour`: a live subscription, or one cancelled after the
 * hour began (a deletion's last hour); null when nothing covers it, and everything is billable.
 */
export function paidConfigAt(history: ClusterHistory, hour: Date): PaidConfig | null {
  const covering = history.subscriptions.find(
    (subscription) =>
      subscription.cancelledAt === null || subscription.cancelledAt.getTime() > hour.getTime(),
  );
  if (!covering) return null;
  return covering.paidConfig ?? { nodePools: [], addons: [] };
}

/** Whether the hour is in the cluster's free trial: counted, never billed. */
export const inTrial = (history: Pick<ClusterHistory, 'freeUntil'>, hour: Date) =>
  history.freeUntil !== null && hour.getTime() < history.freeUntil.getTime();

/**
 * The control plane, add-ons and nodes of one hour, from `hour` to `end` (the hour's end, or
 * earlier for the part of the current hour metered when a month closes). Records of nothing
 * (a zero quantity) are left out.
 */
export function meterHour(
  history: ClusterHistory,
  rates: HourRates,
  hour: Date,
  end: Date,
): { records: MeteredUsage[]; nodeHours: number } {
  const records: MeteredUsage[] = [];
  const paid = paidConfigAt(history, hour);
  const free = inTrial(history, hour);
  const push = (
    metric: UsageMetric,
    quantityMilli: number,
    billableMilli: number,
    cost: number,
  ) => {
    if (quantityMilli > 0) {
      records.push(
        free
          ? { metric, hour, quantityMilli, billableMilli: 0, costMillicents: 0 }
          : { metric, hour, quantityMilli, billableMilli, costMillicents: cost },
      );
    }
  };

  // The control plane, and the add-ons that run on it, exist from the first run to deletion.
  const controlPlane = history.firstRunningAt
    ? milliHours(
        overlapSeconds({ start: history.firstRunningAt, end: history.deletedAt }, hour, end),
      )
    : 0;
  const controlPlaneBillable = paid ? 0 : controlPlane;
  push(
    'control_plane_hours',
    controlPlane,
    controlPlaneBillable,
    costOf(controlPlaneBillable, rates.controlPlaneHour),
  );

  if (controlPlane > 0 && history.addons.length > 0) {
    let billable = 0;
    let cost = 0;
    for (const slug of history.addons) {
      if (paid?.addons.includes(slug)) continue;
      billable += controlPlane;
      cost += costOf(controlPlane, rates.addonHour[slug] ?? 0);
    }
    push('addon_hours', controlPlane * history.addons.length, billable, cost);
  }

  // Nodes, pool by pool: billable above the pool's paid count, to the second.
  let nodeSeconds = 0;
  let nodeQuantity = 0;
  let nodeBillable = 0;
  let nodeCost = 0;
  for (const pool of history.pools) {
    const nodes = history.nodes.filter((node) => node.poolId === pool.id);
    if (nodes.length === 0) continue;
    const paidCount = paid
      ? (paid.nodePools.find((candidate) => candidate.name === pool.name)?.count ?? 0)
      : 0;
    const counted = poolSeconds(nodes, hour, end, paidCount);
    if (counted.seconds === 0) continue;
    const billable = milliHours(counted.billableSeconds);
    nodeSeconds += counted.seconds;
    nodeQuantity += milliHours(counted.seconds);
    nodeBillable += billable;
    nodeCost += costOf(billable, rates.nodeHour[pool.id] ?? 0);
  }
  push('node_hours', nodeQuantity, nodeBillable, nodeCost);

  return { records, nodeHours: nodeSeconds / HOUR_SECONDS };
}

/**
 * Thousandths of GB-hours of the volumes inside [from, to): each volume's GB times its seconds
 * there, summed and rounded once, half up.
 */
export function volumeGbHoursMilli(volumes: (Span & { sizeGb: number })[], from: Date, to: Date) {
  let gbSeconds = 0;
  for (const volume of volumes) gbSeconds += volume.sizeGb * overlapSeconds(volume, from, to);
  return Math.round((gbSeconds * 1000) / HOUR_SECONDS);
}

/** Storage (the volumes' GB-hours) and egress (the provider's figure) of the hour, all billable. */
export function resourceRecords(
  hour: Date,
  usage: { storageGbHours: number; egressGb: number },
  rates: Pick<HourRates, 'storageGbHour' | 'egressGb'>,
): MeteredUsage[] {
  const records: MeteredUsage[] = [];
  const storage = Math.round(usage.storageGbHours * 1000);
  const egress = Math.round(usage.egressGb * 1000);
  if (storage > 0) {
    records.push({
      metric: 'storage_gb_hours',
      hour,
      quantityMilli: storage,
      billableMilli: storage,
      costMillicents: costOf(storage, rates.storageGbHour),
    });
  }
  if (egress > 0) {
    records.push({
      metric: 'egress_gb',
      hour,
      quantityMilli: egress,
      billableMilli: egress,
      costMillicents: costOf(egress, rates.egressGb),
    });
  }
  return records;
}
