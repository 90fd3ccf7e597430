import type { ClusterObjects } from './kube-objects.ts';
import type { KubeObject } from './kube-types.ts';
import type { Cell, TableColumn } from './kube-tables.ts';

/**
 * One resource of the core group as the API serves it: its discovery entry, where its objects
 * come from, the fields a field selector may name, and the columns `kubectl get` prints (the
 * server-side printers of Kubernetes, column for column).
 */
export interface KubeResource<T extends KubeObject = KubeObject> {
  name:
    | 'nodes'
    | 'namespaces'
    | 'pods'
    | 'persistentvolumes'
    | 'services'
    | 'deployments'
    | 'configmaps'
    | 'secrets'
    | 'persistentvolumeclaims';
  /** `apps/v1` for deployments; the core group's `v1` when absent. */
  groupVersion?: string;
  singularName: string;
  kind: T['kind'];
  namespaced: boolean;
  shortNames: string[];
  categories?: string[];
  objects: (all: ClusterObjects) => T[];
  /** What `--field-selector` may name, and how each is read from an object. */
  fields: Record<string, (object: T) => string>;
  columns: TableColumn[];
  cells: (object: T, now: Date) => Cell[];
}
