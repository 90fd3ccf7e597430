/**
 * A light reading of an OpenAPI 3 document: just what the reference page renders. No viewer
 * library (they weigh hundreds of kilobytes) and no network: the page passes the document in.
 */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  const?: unknown;
  example?: unknown;
  default?: unknown;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: boolean | SchemaObject;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

interface MediaContent {
  content?: Record<string, { schema?: SchemaObject; example?: unknown }>;
  description?: string;
  required?: boolean;
}

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId?: string;
  parameters?: ParameterObject[];
  requestBody?: MediaContent;
  responses?: Record<string, MediaContent>;
  deprecated?: boolean;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export interface Operation extends OperationObject {
  id: string;
  method: string;
  path: string;
}

export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The group of an operation: its first tag, else the path segment after /api. */
function groupOf(path: string, op: OperationObject): string {
  return op.tags?.[0] ?? path.replace(/^\/api\//, '').split('/')[0] ?? 'other';
}

export function operationId(method: string, path: string): string {
  return `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Operations grouped by tag, groups alphabetical, operations by path then method order. */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = groupOf(path, op);
      const list = groups.get(tag) ?? [];
      list.push({ ...op, id: operationId(method, path), method, path });
      groups.set(tag, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort(
        (a, b) =>
          a.path.localeCompare(b.path) || METHODS.indexOf(a.method) - METHODS.indexOf(b.method),
      ),
    }));
}

/** Follows a local `#/components/schemas/X` reference; unknown references stay as they are. */
export function resolveSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): SchemaObject | undefined {
  if (!schema?.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return doc.components?.schemas?.[name] ?? schema;
}

/** Operations whose path, summary, method or group contains the query. */
export function filterGroups(groups: OperationGroup[], query: string): OperationGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => ({
      ...g,
      operations: g.operations.filter((op) =>
        `${op.method} ${op.path} ${op.summary ?? ''} ${g.tag}`.toLowerCase().includes(q),
      ),
    }))
    .filter((g) => g.operations.length > 0);
}
