import type { KubeObject } from './kube-types.ts';

/**
 * `kubectl get` asks the server to print (`Accept: application/json;as=Table;v=v1;g=meta.k8s.io`)
 * and shows the columns it gets: those of priority 0, plus the others with `-o wide`.
 */
export interface TableColumn {
  name: string;
  type: 'string' | 'integer' | 'date';
  format: '' | 'name';
  description: string;
  priority: 0 | 1;
}

export type Cell = string | number;

export const column = (
  name: string,
  description: string,
  options: { priority?: 0 | 1; format?: 'name' } = {},
): TableColumn => ({
  name,
  type: 'string',
  format: options.format ?? '',
  description,
  priority: options.priority ?? 0,
});

export const nameColumn = column(
  'Name',
  'Name must be unique within a namespace. Cannot be updated.',
  { format: 'name' },
);
export const ageColumn = column(
  'Age',
  'CreationTimestamp is a timestamp representing the server time when this object was created.',
);

/** The Table versions kubectl has asked for: v1 since 1.15, v1beta1 before. */
export type TableVersion = 'v1' | 'v1beta1';

/** Which Table the Accept header asks for, if any, in the client's order of preference. */
export function requestedTable(accept: string | undefined): TableVersion | null {
  for (const range of (accept ?? '').split(',')) {
    const [type, ...rawParams] = range.split(';').map((part) => part.trim());
    if (type !== 'application/json') continue;
    const params = new Map(
      rawParams.map((param) => {
        const [key = '', value = ''] = param.split('=');
        return [key.trim(), value.trim()] as const;
      }),
    );
    const version = params.get('v');
    if (
      params.get('as') === 'Table' &&
      params.get('g') === 'meta.k8s.io' &&
      (version === 'v1' || version === 'v1beta1')
    ) {
      return version;
    }
  }
  return null;
}

/** What each row carries: object metadata (kubectl's default), the object, or nothing. */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

export function includeObjectOf(value: unknown): IncludeObject {
  return value === 'None' || value === 'Object' ? value : 'Metadata';
}

export function table<T extends KubeObject>(options: {
  version: TableVersion;
  columns: TableColumn[];
  objects: T[];
  cells: (object: T) => Cell[];
  includeObject: IncludeObject;
  listMeta: Record<string, unknown>;
}) {
  const apiVersion = `meta.k8s.io/${options.version}`;
  return {
    kind: 'Table',
    apiVersion,
    metadata: options.listMeta,
    columnDefinitions: options.columns,
    rows: options.objects.map((object) => ({
      cells: options.cells(object),
      ...(options.includeObject === 'Object'
        ? { object }
        : options.includeObject === 'Metadata'
          ? { object: { kind: 'PartialObjectMetadata', apiVersion, metadata: object.metadata } }
          : {}),
    })),
  };
}

/** An object's age as kubectl and the API server write it (apimachinery's HumanDuration). */
export function humanDuration(milliseconds: number): string {
  const seconds = Math.floor(milliseconds / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.floor(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

export function age(object: KubeObject, now: Date): string {
  return humanDuration(now.getTime() - Date.parse(object.metadata.creationTimestamp));
}
