import type { Catalog, ProviderValidate, Weekday } from '@alpenkube/contract';

/**
 * What the platform knows of a cluster when it asks its provider for something: the records as
 * they are before the operation, with the ids that steps refer to.
 */
export interface DriverCluster {
  id: number;
  name: string;
  provider: string;
  region: string;
  tier: string;
  /** The minor, e.g. 1.37, and the release it runs, e.g. 1.37.2. */
  kubernetesVersion: string;
  kubernetesPatch: string;
  haControlPlane: boolean;
  nodePools: DriverNodePool[];
  addons: string[];
  /**
   * The platform's VPC the cluster is in, where the caller read it: the operation runner gives
   * it to every step it advances, and the create is planned with it. Absent for a cluster whose
   * VPC is gone (deleted after the cluster was), and in the other plans.
   */
  vpc?: DriverVpc;
}

/** One of an organization's VPCs (`vpcs`), as a driver that makes it at its provider needs it. */
export interface DriverVpc {
  /** The platform's id: the provider's network is found by a name made from it. */
  id: number;
  name: string;
  /** The catalog's region code, the cluster's own. */
  region: string;
  /** Its IPv4 range, written from its network address: "10.110.0.0/20". */
  ipRange: string;
}

export interface DriverNodePool {
  id: number;
  name: string;
  size: string;
  count: number;
  /** The pool's nodes, removed ones excluded. */
  nodes: { name: string; zone: string; version: string }[];
  /** Every node name the pool ever had: a new node never reuses one. */
  usedNames: string[];
}

/**
 * What a step changes in the platform's records once the provider has done it. The operation
 * runner applies it in the same transaction that marks the step done, so it happens once.
 */
export type StepEffect =
  | { type: 'none' }
  | { type: 'status'; status: 'provisioning' }
  | { type: 'endpoint' }
  | { type: 'node-joining'; poolId: number; node: string; zone: string }
  | { type: 'node-ready'; node: string }
  | { type: 'node-recycling'; node: string }
  | { type: 'node-removing'; node: string }
  | { type: 'node-removed'; node: string }
  | { type: 'node-version'; node: string; version: string }
  | { type: 'control-plane-version'; minor: string; patch: string }
  | { type: 'pool-removed'; poolId: number }
  | { type: 'addon-installed'; slug: string }
  | { type: 'addon-removed'; slug: string }
  /** The control plane runs three replicas across zones from now on. */
  | { type: 'ha-enabled' }
  /** The provider made the cluster in its VPC's network there (`DriverCluster.vpc`). */
  | { type: 'vpc-placed' }
  | { type: 'released' };

/** One step of an operation as the driver planned it; `key` is unique within the operation. */
export interface DriverStep {
  key: string;
  /** What the step does, for people: "Starting the control plane". */
  label: string;
  /** What the event says once it is done: "Control plane is up". */
  done: string;
  /** Its share of the operation's progress: the seconds it takes the provider at speed 1. */
  weight: number;
  /** Applied when the step starts (a node appears as joining), and `effect` once it is done. */
  startEffect?: StepEffect;
  effect: StepEffect;
}

export type StepOutcome = ({ done: true } | { done: false; checkAgainInMs: number }) & {
  /**
   * What a real provider reported about the cluster meanwhile (its status messages): each
   * becomes one event of the cluster, once, however often it is reported.
   */
  providerMessages?: { message: string; at: string }[];
};

export interface StepContext {
  /** When this step was first asked of the provider (a crash and restart keep it). */
  startedAt: Date;
  signal: AbortSignal;
}

/**
 * A provider's refusal. `retryable` is a passing condition (capacity, a timeout, a 5xx) worth
 * asking again after a back-off; otherwise (a quota, a refused configuration) retrying cannot help.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's own name for the refusal (Google's `INVALID_ARGUMENT`), when it gives one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface DriverIssue {
  path: (string | number)[];
  message: string;
}

/** What a cluster's load balancers sent out of the region in one hour, as the provider bills it. */
export interface DriverUsage {
  /** GB sent out of the region during the hour; three decimals at most. */
  egressGb: number;
}

/**
 * What a real provider has now of what a cluster's workloads made from inside it: the volumes
 * of its PersistentVolumeClaims and the load balancers of its Services of type LoadBalancer.
 */
export interface ObservedResources {
  volumes: {
    /** The provider's id: a row of the platform is matched to it by this, never by name. */
    ref: string;
    name: string;
    sizeGb: number;
    /** What the provider's storage is called (the claim's own class is the cluster's). */
    storageClass: string;
    /** When the provider made it, as it says; null when it does not say. */
    createdAt: Date | null;
  }[];
  /** Only those with a public address yet: a new one is recorded once it has one. */
  loadBalancers: { ref: string; name: string; ip: string; createdAt: Date | null }[];
}

/** A cluster's window as a provider keeps it: the UTC weekday and time its window starts. */
export interface MaintenancePolicy {
  day: Weekday;
  /** "HH:MM", UTC. */
  startTime: string;
  /** The provider applies its own patch releases in the window. */
  autoUpgrade: boolean;
}

/** One etcd snapshot, as the platform asks the provider for it. */
export interface DriverBackup {
  /**
   * The snapshot's name at the provider, unique per cluster: asking again with the same key
   * (after a crash) is the same snapshot, never a second one.
   */
  key: string;
  /** When the platform first asked for it: a restart keeps waiting from there. */
  startedAt: Date;
}

export type BackupOutcome =
  { done: true; sizeBytes: number } | { done: false; checkAgainInMs: number };

/** A node whose CPU and memory the platform asks for, with what pods may use of it. */
export interface DriverMetricsNode {
  name: string;
  /** Before it (to the minute) the node did not exist: its points are null. */
  createdAt: Date;
  cpuAllocatableMillis: number;
  memoryAllocatableBytes: number;
}

/** `points` samples per node, `stepSeconds` apart from `from` (a whole minute). */
export interface DriverMetricsRequest {
  clusterId: number;
  nodes: DriverMetricsNode[];
  from: Date;
  stepSeconds: number;
  points: number;
}

/**
 * CPU used in millicores and memory used in bytes (whole KiB), a sample per point and node in
 * the request's order; or why the provider gives none.
 */
export type DriverMetrics =
  | {
      available: true;
      nodes: { name: string; cpuMillis: (number | null)[]; memoryBytes: (number | null)[] }[];
    }
  | { available: false; message: string };

export interface DriverHealth {
  status: 'operational' | 'degraded' | 'down';
  latencyMs: number;
  message: string;
  /** Region codes where the provider has no capacity now. */
  unavailableRegions: string[];
  /**
   * A real provider's regions as it lists them now: a catalog region not among them is not
   * offered any more (absent for the simulation, which offers every catalog region).
   */
  offeredRegions?: string[];
}

/**
 * One provider's managed Kubernetes, behind the one interface every driver implements (see
 * docs/provider-drivers.md for what a real driver must guarantee).
 *
 * Every change is planned as steps, once, when it is asked for; the plan is stored, and each
 * step is then advanced by a durable job until the driver says it is done. A step must be
 * idempotent for the same (cluster, operation, step key): after a crash the same step is asked
 * again, and must not create a second node or network. A long step answers "not yet, ask again
 * in n ms" rather than holding a worker.
 */
export interface ProviderDriver {
  readonly slug: string;
  /** True for the embedded simulation: the UI says so. */
  readonly simulated: boolean;
  /**
   * Whether the platform applies the catalog's patch releases in the maintenance window on this
   * provider (through `planUpgrade`); false where the provider ships patch releases of its own.
   */
  readonly appliesCatalogPatches: boolean;
  /** How long this provider usually takes to start a control plane, in words. */
  readonly controlPlaneTime: string;
  /** The provider's own refusals of a configuration, beyond the catalog's checks. */
  validate(config: ProviderValidate, catalog: Catalog): DriverIssue[];
  /**
   * Why this provider does not sell a catalog add-on now (it has no such app, or withdrew it),
   * in the customer's words; null when it does. Absent where every catalog add-on is sold. The
   * cluster order and the add-on order ask it; `validate` says the same of a configuration.
   */
  addonRefusal?(slug: string, catalog: Catalog): string | null;
  /**
   * How this provider's add-ons are installed and removed, in the customer's words, where that
   * is not the simulation's (the add-on pages show it); absent on a simulated provider.
   */
  readonly addonNote?: string;
  /**
   * Deletes the provider's network made for a platform VPC that was deleted (it holds no
   * cluster any more); one never made, or gone already, is deleted. Present where the driver
   * makes the platform's VPCs at the provider (DigitalOcean's): the cluster is then in that
   * network, its page shows the VPC, and since every organization's networks are in the
   * platform's one account there, their ranges may not overlap across organizations and regions.
   * Absent: the simulation records the VPC only; another real driver leaves the cluster in the
   * provider's default network.
   */
  deleteVpc?(vpc: DriverVpc, signal: AbortSignal): Promise<void>;
  /** A rough duration of creating that configuration, in seconds at this driver's speed. */
  estimateCreateSeconds(config: ProviderValidate): number;
  health(): Promise<DriverHealth>;
  planCreate(cluster: DriverCluster): DriverStep[];
  planScale(cluster: DriverCluster, poolId: number, count: number): DriverStep[];
  planAddPool(cluster: DriverCluster, pool: DriverNodePool): DriverStep[];
  planRemovePool(cluster: DriverCluster, poolId: number): DriverStep[];
  planUpgrade(cluster: DriverCluster, minor: string, patch: string): DriverStep[];
  planRecycle(cluster: DriverCluster, node: string): DriverStep[];
  planInstallAddon(cluster: DriverCluster, slug: string): DriverStep[];
  planRemoveAddon(cluster: DriverCluster, slug: string): DriverStep[];
  /**
   * A single-zone control plane made highly available (one way: no provider takes it back).
   * Absent where the platform cannot do it on this provider yet: the order is refused.
   */
  planMakeHa?(cluster: DriverCluster): DriverStep[];
  planDelete(cluster: DriverCluster): DriverStep[];
  /**
   * Putting etcd back to a snapshot taken earlier: steps like any change, run by the operation
   * runner (the API stops, etcd is restored, the control plane starts on it).
   */
  planRestore(cluster: DriverCluster, backup: { key: string; takenAt: Date }): DriverStep[];
  /**
   * Takes an etcd snapshot, or says whether it is done yet, with its size once it is. The same
   * key asked again answers the same snapshot (idempotent, like a step).
   */
  takeBackup(
    cluster: DriverCluster,
    backup: DriverBackup,
    signal: AbortSignal,
  ): Promise<BackupOutcome>;
  /** Deletes a snapshot past its retention; deleting one already gone succeeds. */
  deleteBackup(cluster: { id: number }, key: string): Promise<void>;
  /**
   * Tells a real provider the cluster's maintenance window, as it keeps one (a weekday and a
   * start time in UTC), and whether it applies its own patch releases there. Absent for the
   * simulation, whose upgrades the platform starts itself. Asking again with the same policy
   * changes nothing.
   */
  maintenancePolicy?(
    cluster: { id: number },
    policy: MaintenancePolicy,
    signal: AbortSignal,
  ): Promise<void>;
  /**
   * The volumes and load balancers the cluster's workloads made at a real provider, as the
   * provider has them now (none when it has no such cluster). Absent for the simulation, whose
   * volumes and load balancers are the platform's own rows. Read-only: asking twice is harmless.
   */
  observedResources?(cluster: { id: number }, signal: AbortSignal): Promise<ObservedResources>;
  /** Asks the provider for one step, or whether it is done yet. */
  advance(cluster: DriverCluster, step: DriverStep, context: StepContext): Promise<StepOutcome>;
  /** The address of the cluster's Kubernetes API. */
  apiEndpoint(cluster: { id: number }): string;
  /**
   * A real provider's kubeconfig of the cluster, fetched from it at each download (its own
   * short-lived credential). Absent for the simulation: the platform's kube API serves those.
   */
  kubeconfig?(cluster: { id: number }, signal?: AbortSignal): Promise<string>;
  /**
   * The cluster's egress in the hour starting at `hour`, through `loadBalancers` (each with the
   * seconds of that hour it existed). The same answer every time it is asked for the same
   * cluster and hour: metering may ask again after a crash. Storage is not asked: the platform
   * bills the volumes it records.
   */
  usage(input: {
    clusterId: number;
    hour: Date;
    loadBalancers: { id: number; seconds: number }[];
  }): Promise<DriverUsage>;
  /**
   * Each node's CPU and memory use over a range. The same answer every time for the same
   * cluster, node and minute: the metrics card and the Kubernetes API's metrics.k8s.io group
   * (`kubectl top nodes`) ask for it separately and must agree.
   */
  metrics(request: DriverMetricsRequest): Promise<DriverMetrics>;
  /** A public address for a new load balancer of the cluster, none of `taken`. */
  loadBalancerIp(taken: string[]): string;
}
