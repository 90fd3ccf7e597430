import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { dnsLabelSchema, nodePoolConfigSchema } from './cluster-config.ts';
import { clusterTagSchema, nodeTaintEffects } from './node-shape.ts';
import { clusterStatuses, nodeStatuses, type ClusterStatus } from './cluster-states.ts';
import { PREVIEW_MAX_HOURS, PREVIEW_MIN_HOURS } from './pricing.ts';

export * from './cluster-states.ts';

export const clusterNodeSchema = z.object({
  name: z.string(),
  status: z.enum(nodeStatuses),
  zone: z.string(),
  /** The kubelet's version, e.g. 1.31.4: behind the cluster's while an upgrade rolls. */
  version: z.string(),
  createdAt: timestampSchema,
});
export type ClusterNode = z.infer<typeof clusterNodeSchema>;

export const nodePoolSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.string(),
  /** The nodes asked for; `nodes` holds those that exist now (joining while they boot). */
  count: z.number().int(),
  autoscaleMin: z.number().int().nullable(),
  autoscaleMax: z.number().int().nullable(),
  /** Kubernetes labels and taints of every node of the pool. */
  labels: z.record(z.string(), z.string()),
  taints: z.array(
    z.object({ key: z.string(), value: z.string(), effect: z.enum(nodeTaintEffects) }),
  ),
  nodes: z.array(clusterNodeSchema),
});
export type NodePool = z.infer<typeof nodePoolSchema>;

export const clusterEventKinds = ['status', 'step', 'node', 'retry', 'action', 'error'] as const;
export type ClusterEventKind = (typeof clusterEventKinds)[number];

export const clusterEventSchema = z.object({
  id: z.number().int(),
  clusterId: z.number().int(),
  kind: z.enum(clusterEventKinds),
  /** The cluster's status once this happened. */
  status: z.enum(clusterStatuses),
  message: z.string(),
  /** How far the running operation was, 0–100, when it is part of one. */
  progress: z.number().int().nullable(),
  /** Who asked for it; null for the platform's own work. */
  actor: z.string().nullable(),
  at: timestampSchema,
});
export type ClusterEvent = z.infer<typeof clusterEventSchema>;

export const clusterOperationKinds = [
  'provision',
  'scale',
  'add_pool',
  'remove_pool',
  'upgrade',
  'recycle',
  'install_addon',
  'remove_addon',
  'restore',
  'delete',
  /** An upgrade nobody asked for, in the maintenance window: a patch, or an end of support. */
  'auto_upgrade',
  /** A single-zone control plane made highly available (one way), paid by an order. */
  'make_ha',
] as const;
export type ClusterOperationKind = (typeof clusterOperationKinds)[number];

/** The change under way: what the progress bar and the current step show. */
export const clusterOperationSchema = z.object({
  kind: z.enum(clusterOperationKinds),
  progress: z.number().int(),
  /** The step being worked on, e.g. "Starting the control plane". */
  step: z.string().nullable(),
  startedAt: timestampSchema,
});

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];
const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'A time such as 08:00');

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Dev/Test cluster's sleep schedule: awake on `days` from `wakeAt` to `sleepAt` (local times of
 * `timeZone`), asleep (its pools scaled to zero) the rest of the week.
 */
export const sleepScheduleSchema = z
  .strictObject({
    timeZone: z.string().max(64).refine(validTimeZone, 'Not a time zone, e.g. Europe/Berlin'),
    days: z.array(z.enum(weekdays)).min(1, 'Pick the days it is awake').max(7),
    wakeAt: clockTime,
    sleepAt: clockTime,
  })
  .refine((schedule) => schedule.wakeAt < schedule.sleepAt, {
    message: 'It wakes before it sleeps, on the same day',
    path: ['sleepAt'],
  });
export type SleepSchedule = z.infer<typeof sleepScheduleSchema>;

/** How long a maintenance window lasts from its start hour: an upgrade starts only inside it. */
export const MAINTENANCE_WINDOW_HOURS = 4;
/** The notices before an end-of-support upgrade, in days before it. */
export const END_OF_SUPPORT_NOTICE_DAYS = [30, 7, 1] as const;

const maintenanceWindowFields = {
  day: z.enum(weekdays, 'A day of the week: mon to sun'),
  hour: z
    .number()
    .int('A whole hour')
    .min(0, 'An hour from 0 to 23')
    .max(23, 'An hour from 0 to 23'),
  timeZone: z.string().max(64).refine(validTimeZone, 'Not a time zone, e.g. Europe/Berlin'),
};

/** Sets a cluster's maintenance window and whether patch releases are applied in it. */
export const updateMaintenanceSchema = z.strictObject({
  ...maintenanceWindowFields,
  autoUpgrade: z.boolean(),
});
export type UpdateMaintenance = z.infer<typeof updateMaintenanceSchema>;

/** The upgrade the platform will start in a coming window, and why. */
export const plannedUpgradeSchema = z.object({
  /** `patch`: a newer patch release; `end_of_support`: the minor's support ends. */
  reason: z.enum(['patch', 'end_of_support']),
  /** The release it will run, e.g. "1.37.3". */
  version: z.string(),
  /** The start of the window it happens in. */
  at: timestampSchema,
  /** The minor's end of support (YYYY-MM-DD), for an end-of-support upgrade. */
  endOfSupport: z.string().nullable(),
});
export type PlannedUpgrade = z.infer<typeof plannedUpgradeSchema>;

export const clusterMaintenanceSchema = z.object({
  ...maintenanceWindowFields,
  timeZone: z.string(),
  /** The zone is the region's default, none was chosen. */
  regionTimeZone: z.boolean(),
  autoUpgrade: z.boolean(),
  /** The provider ships its own patch releases (DigitalOcean): only a minor is planned here. */
  providerPatches: z.boolean(),
  /** The start of the next window (or of the one under way). */
  nextWindow: timestampSchema,
  planned: plannedUpgradeSchema.nullable(),
});
export type ClusterMaintenance = z.infer<typeof clusterMaintenanceSchema>;

export const clusterSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(clusterStatuses),
  /** Why it failed or is degraded, in words. */
  statusReason: z.string().nullable(),
  tier: z.object({ slug: z.string(), name: z.string() }),
  provider: z.object({ slug: z.string(), name: z.string(), simulated: z.boolean() }),
  region: z.object({
    code: z.string(),
    city: z.string(),
    country: z.string(),
    jurisdiction: z.enum(['eu', 'non_eu']),
  }),
  /** The minor, e.g. "1.31". */
  kubernetesVersion: z.string(),
  nodeCount: z.number().int(),
  /** What a month of this configuration costs, from the price engine (USD cents). */
  monthlyCost: z.number().int(),
  billingCycle: z.enum(['monthly', 'yearly']),
  operation: clusterOperationSchema.nullable(),
  /** Tags for cost allocation, sorted: the list and the usage page filter by them. */
  tags: z.array(z.string()),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ClusterSummary = z.infer<typeof clusterSummarySchema>;

export const clusterSchema = clusterSummarySchema.extend({
  /** The Kubernetes version with its patch, e.g. "1.31.4". */
  kubernetesPatch: z.string(),
  haControlPlane: z.boolean(),
  nodePools: z.array(nodePoolSchema),
  addons: z.array(z.object({ slug: z.string(), name: z.string() })),
  supportPlan: z.string(),
  /** The Kubernetes API's address, once the control plane is up. */
  endpoint: z.string().nullable(),
  orderId: z.number().int().nullable(),
  /** Versions it may be upgraded to now (the next minor only). */
  upgrades: z.array(z.string()),
  /** Billed by the hour (the sandbox): free until then, metered after. Null otherwise. */
  trialEndsAt: timestampSchema.nullable(),
  /** Deleted when unused (the sandbox): when that happens if nobody uses it before. */
  idleDeletionAt: timestampSchema.nullable(),
  /** A preview cluster: when it is deleted. */
  expiresAt: timestampSchema.nullable(),
  sleepSchedule: sleepScheduleSchema.nullable(),
  /** Its pools are scaled to zero by its schedule. */
  asleep: z.boolean(),
  /**
   * The control-plane firewall: CIDRs allowed to reach its Kubernetes API, normalised and
   * sorted. Empty: open to all.
   */
  apiAllowlist: z.array(z.string()),
  /** Woken now: kept awake until then whatever the schedule says. */
  wokenUntil: timestampSchema.nullable(),
  /** The VPC network its nodes take their addresses from; null for a deleted cluster whose VPC is gone too. */
  vpc: z.object({ id: z.number().int(), name: z.string(), ipRange: z.string() }).nullable(),
  /** Its maintenance window, auto-upgrade, and the upgrade planned in a coming window. */
  maintenance: clusterMaintenanceSchema,
});
export type Cluster = z.infer<typeof clusterSchema>;

export const CLUSTER_PAGE_SIZE = 25;
export const CLUSTER_PAGE_MAX = 100;
export const clusterSorts = [
  'name',
  '-name',
  'created',
  '-created',
  'status',
  'cost',
  '-cost',
] as const;
export type ClusterSort = (typeof clusterSorts)[number];

const pageNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** `GET /api/clusters`: filters, a sort (a leading - is descending) and a page. */
export const clusterListQuerySchema = z.strictObject({
  status: z.enum(clusterStatuses).optional(),
  tier: z.string().max(64).optional(),
  provider: z.string().max(64).optional(),
  region: z.string().max(64).optional(),
  /** Part of the name, any case. */
  q: z.string().trim().max(63).optional(),
  /** Clusters carrying this tag. */
  tag: clusterTagSchema.optional(),
  sort: z.enum(clusterSorts).optional(),
  page: pageNumber(100_000).optional(),
  limit: pageNumber(CLUSTER_PAGE_MAX).optional(),
});
export interface ClusterListQuery {
  status?: ClusterStatus;
  tier?: string;
  provider?: string;
  region?: string;
  q?: string;
  tag?: string;
  sort?: ClusterSort;
  page?: number;
  limit?: number;
}

export const clusterPageSchema = z.object({
  items: z.array(clusterSummarySchema),
  /** Clusters matching the filters, on every page. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ClusterPage = z.infer<typeof clusterPageSchema>;

export const renameClusterSchema = z.strictObject({ name: dnsLabelSchema });

/** A pool's count and autoscaling; `null` turns autoscaling off. */
export const updateNodePoolSchema = z
  .strictObject({
    count: z.number().int().min(1).max(1000).optional(),
    autoscaleMin: z.number().int().min(0).max(1000).nullable().optional(),
    autoscaleMax: z.number().int().min(1).max(1000).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give the count or the autoscaling limits')
  .refine((body) => (body.autoscaleMin === undefined) === (body.autoscaleMax === undefined), {
    message: 'Give both the autoscaling minimum and maximum, or neither',
    path: ['autoscaleMax'],
  })
  .refine((body) => (body.autoscaleMin === null) === (body.autoscaleMax === null), {
    message: 'Turn autoscaling off with both limits null',
    path: ['autoscaleMax'],
  });
export type UpdateNodePool = z.infer<typeof updateNodePoolSchema>;

export const addNodePoolSchema = nodePoolConfigSchema;

export const upgradeClusterSchema = z.strictObject({
  version: z.string().regex(/^[0-9]+\.[0-9]+$/, 'A Kubernetes minor such as 1.31'),
});

/** Sets or removes (null) a cluster's sleep schedule. */
export const updateSleepScheduleSchema = z.strictObject({
  schedule: sleepScheduleSchema.nullable(),
});

/** A preview cluster's life in hours: an hour to 30 days. */
export const previewHoursSchema = z
  .number()
  .int('Whole hours')
  .min(PREVIEW_MIN_HOURS, `At least ${PREVIEW_MIN_HOURS} hour`)
  .max(PREVIEW_MAX_HOURS, `At most ${PREVIEW_MAX_HOURS} hours (30 days)`);

/** A preview cluster's expiry from now, or null to keep it. */
export const updateClusterExpirySchema = z.strictObject({
  expiresInHours: previewHoursSchema.nullable(),
});
export type UpdateClusterExpiry = z.infer<typeof updateClusterExpirySchema>;

/** Deleting asks for the cluster's name again, so a slip of the finger deletes nothing. */
export const deleteClusterSchema = z.strictObject({ name: z.string().max(63) });

/** The graph of one cluster: what the topology page draws. */
export const clusterTopologySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(clusterStatuses),
  controlPlane: z.object({
    ha: z.boolean(),
    /** 3 with a high-availability control plane, else 1. */
    replicas: z.number().int(),
    version: z.string(),
    endpoint: z.string().nullable(),
    healthy: z.boolean(),
  }),
  nodePools: z.array(nodePoolSchema),
  addons: z.array(z.object({ slug: z.string(), name: z.string() })),
});
export type ClusterTopology = z.infer<typeof clusterTopologySchema>;

export const providerHealthSchema = z.object({
  provider: z.string(),
  name: z.string(),
  simulated: z.boolean(),
  status: z.enum(['operational', 'degraded', 'down']),
  /** How long the driver took to answer, in milliseconds. */
  latencyMs: z.number().int(),
  message: z.string(),
  /** What the driver knows of the provider's control-plane speed, e.g. "about 10 minutes". */
  controlPlaneTime: z.string(),
  regions: z.array(
    z.object({
      code: z.string(),
      city: z.string(),
      country: z.string(),
      jurisdiction: z.enum(['eu', 'non_eu']),
      /** Whether the provider has capacity there now. */
      available: z.boolean(),
    }),
  ),
  checkedAt: timestampSchema,
});
export type ProviderHealth = z.infer<typeof providerHealthSchema>;

export const providerValidationSchema = z.object({
  valid: z.boolean(),
  issues: z.array(
    z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }),
  ),
  /** What creating it would take, e.g. "about 7 minutes, 9 steps". */
  estimate: z.string().nullable(),
});
export type ProviderValidation = z.infer<typeof providerValidationSchema>;

/** The dry-run body: a configuration as the wizard builds it, for this provider. */
export const providerValidateSchema = z.strictObject({
  tier: z.string().min(1).max(64),
  region: z.string().min(1).max(64),
  kubernetesVersion: z.string().min(1).max(64),
  nodePools: z.array(nodePoolConfigSchema).min(1).max(10),
  haControlPlane: z.boolean(),
  /** Add-ons to check too: a real provider may not offer every one of the catalog's. */
  addons: z.array(z.string().min(1).max(64)).max(20).optional(),
});
export type ProviderValidate = z.infer<typeof providerValidateSchema>;
