import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  backupKinds,
  backupStatuses,
  clusterEventKinds,
  clusterOperationKinds,
  clusterStatuses,
  nodeStatuses,
  type NodeLabels,
  type NodeTaint,
  type SleepSchedule,
  type Weekday,
} from '@alpenkube/contract';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { vpcs } from '../networks/schema.ts';
import { orders } from '../orders/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { clusterTiers } from '../platform/schema.ts';
import { users } from '../users/schema.ts';

export { clusterStatuses };

export const clusters = pgTable(
  'clusters',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    tierId: integer('tier_id')
      .notNull()
      .references(() => clusterTiers.id),
    provider: text('provider').notNull(),
    region: text('region').notNull(),
    /** The minor, e.g. 1.31; `kubernetesPatch` is the release it runs, e.g. 1.31.4. */
    kubernetesVersion: text('kubernetes_version').notNull(),
    kubernetesPatch: text('kubernetes_patch').notNull().default(''),
    haControlPlane: boolean('ha_control_plane').notNull().default(false),
    addons: jsonb('addons').$type<string[]>().notNull().default([]),
    /** Tags for cost allocation, sorted and unique. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** CIDRs allowed to reach the cluster's Kubernetes API; empty is open to all (as DOKS). */
    apiAllowlist: jsonb('api_allowlist').$type<string[]>().notNull().default([]),
    /** The VPC network its nodes take their addresses from (set when it is made). */
    vpcId: integer('vpc_id').references(() => vpcs.id, { onDelete: 'set null' }),
    /**
     * The provider placed it in the VPC's own network there (the real DOKS driver's create);
     * false for a real cluster in the provider's default network. Simulated: in the VPC anyway.
     */
    vpcAtProvider: boolean('vpc_at_provider').notNull().default(false),
    supportPlan: text('support_plan').notNull().default('basic'),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    /** The paid order that created the cluster. */
    orderId: integer('order_id').references(() => orders.id),
    status: text('status', { enum: clusterStatuses }).notNull().default('ordered'),
    /** Why it failed or is degraded, in words. */
    statusReason: text('status_reason'),
    endpoint: text('endpoint'),
    /**
     * Kept with every change of the pools, so that lists sort and show them without reading
     * the pools: the nodes asked for, and what a month costs by the price engine.
     */
    nodeCount: integer('node_count').notNull().default(0),
    monthlyCostCents: bigint('monthly_cost_cents', { mode: 'number' }).notNull().default(0),
    /** The operation under way, copied from it for lists: kind, progress and current step. */
    operationKind: text('operation_kind', { enum: clusterOperationKinds }),
    operationProgress: integer('operation_progress'),
    operationStep: text('operation_step'),
    operationStartedAt: timestamp('operation_started_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** An hourly-billed tier's free trial: no hour before it is billable (the sandbox's). */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /**
     * The idle clock of a tier deleted when unused (the sandbox): the last Kubernetes API
     * request or change, written at most hourly by requests; null where the tier has none.
     */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The last idle-deletion notice sent since the last use: 7 or 1 (days before), or null. */
    idleNoticeDays: integer('idle_notice_days'),
    /** A preview cluster's expiry: it is deleted then. Null for a cluster that does not expire. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the pools sleep (scaled to zero) and wake (Dev/Test); null: always awake. */
    sleepSchedule: jsonb('sleep_schedule').$type<SleepSchedule>(),
    /** Its pools are scaled to zero by the schedule (their counts are what waking restores). */
    asleep: boolean('asleep').notNull().default(false),
    /** Woken now by a person: the schedule does not put it to sleep before then. */
    wokenUntil: timestamp('woken_until', { withTimezone: true }),
    /**
     * The weekly maintenance window: day, start hour and IANA time zone (null: the region's).
     * Changes nobody asked for (patches, an end-of-support upgrade) start only inside it.
     */
    maintenanceDay: text('maintenance_day').$type<Weekday>().notNull().default('sun'),
    maintenanceHour: integer('maintenance_hour').notNull().default(3),
    maintenanceTimeZone: text('maintenance_time_zone'),
    /** Patch releases are applied in the window; an end-of-support upgrade happens regardless. */
    autoUpgrade: boolean('auto_upgrade').notNull().default(true),
    /**
     * When a real provider last answered which volumes and load balancers the cluster's
     * workloads made (the observation job): metering bills no hour after it.
     */
    resourcesObservedAt: timestamp('resources_observed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clusters_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
    index('clusters_idle_idx')
      .on(t.lastUsedAt)
      .where(sql`${t.lastUsedAt} is not null`),
    index('clusters_organization_status_idx').on(t.organizationId, t.status),
    index('clusters_organization_created_idx').on(t.organizationId, t.createdAt),
    index('clusters_tags_idx').using('gin', t.tags),
    index('clusters_vpc_idx')
      .on(t.vpcId)
      .where(sql`${t.vpcId} is not null`),
    uniqueIndex('clusters_order_key').on(t.orderId),
    // A name names one cluster of the organization until that cluster is deleted.
    uniqueIndex('clusters_organization_name_key')
      .on(t.organizationId, t.name)
      .where(sql`${t.status} <> 'deleted'`),
  ],
);

export const clusterNodePools = pgTable(
  'cluster_node_pools',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    name: text('name').notNull(),
    size: text('size').notNull(),
    /** The nodes asked for; the nodes table holds those that exist. */
    count: integer('count').notNull(),
    autoscaleMin: integer('autoscale_min'),
    autoscaleMax: integer('autoscale_max'),
    /** Kubernetes labels and taints every node of the pool carries. */
    labels: jsonb('labels').$type<NodeLabels>().notNull().default({}),
    taints: jsonb('taints').$type<NodeTaint[]>().notNull().default([]),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cluster_node_pools_cluster_name_key')
      .on(t.clusterId, t.name)
      .where(sql`${t.removedAt} is null`),
    // Metering reads every pool a cluster had, removed ones too: the key above is of live ones.
    index('cluster_node_pools_cluster_idx').on(t.clusterId),
  ],
);

export const clusterNodes = pgTable(
  'cluster_nodes',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    poolId: integer('pool_id')
      .notNull()
      .references(() => clusterNodePools.id),
    /** Unique in its cluster, ever: a step that adds it twice adds it once. */
    name: text('name').notNull(),
    zone: text('zone').notNull(),
    status: text('status', { enum: nodeStatuses }).notNull(),
    version: text('version').notNull(),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('cluster_nodes_cluster_name_key').on(t.clusterId, t.name)],
);

export const clusterEvents = pgTable(
  'cluster_events',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    kind: text('kind', { enum: clusterEventKinds }).notNull(),
    status: text('status', { enum: clusterStatuses }).notNull(),
    message: text('message').notNull(),
    progress: integer('progress'),
    actorUserId: integer('actor_user_id').references(() => users.id),
    actorName: text('actor_name'),
    /**
     * The step of an operation that wrote it: a step run again after a crash finds its event
     * already there instead of logging it twice.
     */
    stepKey: text('step_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('cluster_events_cluster_idx').on(t.clusterId, t.id),
    uniqueIndex('cluster_events_step_key').on(t.clusterId, t.stepKey),
  ],
);

/** One planned step of an operation, as the provider's driver planned it. */
export interface OperationStep {
  key: string;
  label: string;
  /** What the event says once it is done. */
  done: string;
  /** Its share of the operation's progress. */
  weight: number;
  /** What the step changes in the platform's records when it starts, and once it is done. */
  startEffect?: Record<string, unknown> & { type: string };
  effect: Record<string, unknown> & { type: string };
}

export const clusterOperations = pgTable(
  'cluster_operations',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    kind: text('kind', { enum: clusterOperationKinds }).notNull(),
    steps: jsonb('steps').$type<OperationStep[]>().notNull(),
    /** The index of the first step not done yet: steps before it are never run again. */
    nextStep: integer('next_step').notNull().default(0),
    /** When the provider was first asked for the next step: a restart keeps waiting from there. */
    stepStartedAt: timestamp('step_started_at', { withTimezone: true }),
    /**
     * Failures of the next step so far: its retry budget, kept across the job's runs (a "not
     * yet" reschedules the job and starts its own attempts again).
     */
    stepFailures: integer('step_failures').notNull().default(0),
    status: text('status', { enum: ['running', 'succeeded', 'failed'] })
      .notNull()
      .default('running'),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One change at a time per cluster.
    uniqueIndex('cluster_operations_running_key')
      .on(t.clusterId)
      .where(sql`${t.status} = 'running'`),
  ],
);

/**
 * The bearer tokens of a cluster's Kubernetes API, one per person and cluster (a person's
 * kubeconfig holds theirs); a rotation revokes every one of the cluster, and a person's are
 * revoked when they are disabled or removed.
 */
export const clusterCredentials = pgTable(
  'cluster_credentials',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    /** Whose: the credential works while this person may read the cluster. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Sealed with the server's secret, so the kubeconfig can be downloaded again. */
    tokenSealed: text('token_sealed').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cluster_credentials_token_hash_key').on(t.tokenHash),
    index('cluster_credentials_cluster_idx').on(t.clusterId),
    // One live credential per person and cluster: two first downloads at once make one.
    uniqueIndex('cluster_credentials_live_per_person_key')
      .on(t.clusterId, t.userId)
      .where(sql`${t.revokedAt} is null`),
    index('cluster_credentials_user_idx').on(t.userId),
  ],
);

/**
 * A cluster's etcd backups. A scheduled one names the slot of its tier's schedule it was taken
 * for (the hour, the day, the week), once per cluster and slot however many instances look;
 * a manual one has none. Deleted, with the provider's snapshot, once `expiresAt` passed.
 */
export const clusterBackups = pgTable(
  'cluster_backups',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    kind: text('kind', { enum: backupKinds }).notNull(),
    status: text('status', { enum: backupStatuses }).notNull().default('running'),
    slot: timestamp('slot', { withTimezone: true }),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    error: text('error'),
    requestedBy: integer('requested_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cluster_backups_cluster_slot_key').on(t.clusterId, t.slot),
    index('cluster_backups_cluster_taken_idx').on(t.clusterId, t.takenAt),
    index('cluster_backups_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A cluster's persistent volumes, made and deleted by the customer; each is billed by the
 * GB-hour from `created_at` to `deleted_at` (node disks are not rows: they live with their node).
 */
export const clusterVolumes = pgTable(
  'cluster_volumes',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    name: text('name').notNull(),
    sizeGb: integer('size_gb').notNull(),
    storageClass: text('storage_class').notNull(),
    /**
     * The provider's id of a volume made from inside a real cluster (a PersistentVolumeClaim),
     * observed there; null for one the platform made.
     */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cluster_volumes_cluster_name_key')
      .on(t.clusterId, t.name)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('cluster_volumes_cluster_ref_key')
      .on(t.clusterId, t.providerRef)
      .where(sql`${t.deletedAt} is null and ${t.providerRef} is not null`),
    index('cluster_volumes_cluster_idx').on(t.clusterId, t.createdAt),
  ],
);

/** A cluster's load balancers: egress is the traffic sent out through them. */
export const clusterLoadBalancers = pgTable(
  'cluster_load_balancers',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id),
    name: text('name').notNull(),
    ip: text('ip').notNull(),
    /** Its traffic is generated by the simulated provider: every page and bill says so. */
    simulated: boolean('simulated').notNull(),
    /**
     * The provider's id of a load balancer made from inside a real cluster (a Service of type
     * LoadBalancer), observed there; null for one the platform made.
     */
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cluster_load_balancers_cluster_ref_key')
      .on(t.clusterId, t.providerRef)
      .where(sql`${t.deletedAt} is null and ${t.providerRef} is not null`),
    uniqueIndex('cluster_load_balancers_cluster_name_key')
      .on(t.clusterId, t.name)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('cluster_load_balancers_cluster_ip_key')
      .on(t.clusterId, t.ip)
      .where(sql`${t.deletedAt} is null`),
    // Metering reads the load balancers of an hour, deleted ones too.
    index('cluster_load_balancers_cluster_idx').on(t.clusterId, t.createdAt),
  ],
);

/** The notices of an end-of-support upgrade sent so far: one row per cluster, minor and notice. */
export const clusterMaintenanceNotices = pgTable(
  'cluster_maintenance_notices',
  {
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    /** The minor whose end of support the notice announced. */
    minor: text('minor').notNull(),
    /** 30, 7 or 1. */
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.minor, t.daysBefore] })],
);

/**
 * The objects clients write through a cluster's simulated Kubernetes API, whole as JSON; a
 * LoadBalancer Service's load balancer and a claim's volume are linked, made and deleted with it.
 */
export const clusterKubeObjects = pgTable(
  'cluster_kube_objects',
  {
    id: serial('id').primaryKey(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => clusters.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Empty for a Namespace. */
    namespace: text('namespace').notNull(),
    name: text('name').notNull(),
    object: jsonb('object').$type<Record<string, unknown>>().notNull(),
    /** From `cluster_kube_objects_version_seq`: each write a new one, as the API server's. */
    resourceVersion: bigint('resource_version', { mode: 'number' }).notNull(),
    volumeId: integer('volume_id').references(() => clusterVolumes.id),
    loadBalancerId: integer('load_balancer_id').references(() => clusterLoadBalancers.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cluster_kube_objects_key').on(t.clusterId, t.kind, t.namespace, t.name)],
);
