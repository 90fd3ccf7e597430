import type { KubeStatus } from './kube-status.ts';
import type { ObjectMeta } from './kube-meta.ts';

/**
 * An object a client wrote (a namespace, deployment, service, config map, secret or claim), as
 * the API keeps it: the client's fields with the metadata the API server sets.
 */
export interface KubeManifest {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta & {
    generation?: number;
    /** Set on a namespace being deleted (`Terminating`). */
    deletionTimestamp?: string;
    managedFields?: { manager: string; operation: string; apiVersion: string; time: string }[];
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
  [field: string]: unknown;
}

/** Who wrote, for the platform's events and audit log. */
export interface KubeWriteClient {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Where a cluster's written objects live, given by the resolver with the cluster: the API checks
 * and builds each object, the store keeps it (setting its resourceVersion) and makes what the
 * platform makes for it (a Service of type LoadBalancer its load balancer, a claim its volume),
 * possibly filling its status. A refusal is thrown as a `KubeRefusal`.
 */
export interface KubeStore {
  /** Why this credential may not write (its holder's role); null when it may. */
  writeRefusal: string | null;
  /** Every object clients wrote to the cluster, as of the call; the writes keep it current. */
  objects: KubeManifest[];
  /** Most objects the cluster keeps, and the largest one in bytes of JSON. */
  limits: { objects: number; objectBytes: number };
  create(object: KubeManifest, client: KubeWriteClient): Promise<KubeManifest>;
  /** Refused with a 409 Conflict when `previous` is no longer the stored version. */
  update(
    previous: KubeManifest,
    next: KubeManifest,
    client: KubeWriteClient,
  ): Promise<KubeManifest>;
  remove(object: KubeManifest, client: KubeWriteClient): Promise<void>;
}

/** A write the API or the platform refuses, answered as its Status. */
export class KubeRefusal extends Error {
  constructor(readonly status: KubeStatus) {
    super(status.message);
  }
}
