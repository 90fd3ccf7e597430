import type { KubeObject } from './kube-types.ts';
import type { KubeResource } from './kube-resources.ts';
import { parseFieldSelector, parseLabelSelector, SelectorError } from './selectors.ts';
import {
  badRequestStatus,
  methodNotAllowed,
  objectNotFound,
  type KubeStatus,
} from './kube-status.ts';
import { includeObjectOf, requestedTable, table } from './kube-tables.ts';

/** What a read depends on besides the objects: the query, the Accept header and the time. */
export interface ReadRequest {
  query: Record<string, unknown>;
  accept: string | undefined;
  now: Date;
}

export interface Answer {
  code: number;
  body: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const refusal = (status: KubeStatus): Answer => ({ code: status.code, body: status });

/** A continue token is the offset of the next item; the simulation keeps no snapshot. */
function decodeContinue(token: string | undefined): number | null {
  if (!token) return 0;
  const offset = Number(Buffer.from(token, 'base64url').toString());
  return Number.isSafeInteger(offset) && offset > 0 ? offset : null;
}

function selected<T extends KubeObject>(
  resource: KubeResource<T>,
  objects: T[],
  query: Record<string, unknown>,
): T[] {
  const labels = parseLabelSelector(text(query.labelSelector));
  const fields = parseFieldSelector(text(query.fieldSelector), Object.keys(resource.fields));
  return objects.filter(
    (object) =>
      labels(object.metadata.labels) &&
      fields(
        Object.fromEntries(
          Object.entries(resource.fields).map(([field, read]) => [field, read(object)]),
        ),
      ),
  );
}

/**
 * A list: `<Kind>List` for `-o json|yaml`, a Table for `kubectl get`. Selectors filter it,
 * `limit` and `continue` page it as kubectl's chunked lists (`?limit=500`) expect; a watch is
 * refused, as nothing here changes by itself.
 */
export function listAnswer<T extends KubeObject>(
  resource: KubeResource<T>,
  objects: T[],
  request: ReadRequest,
): Answer {
  const { query } = request;
  if (query.watch === 'true' || query.watch === '1') {
    return refusal(methodNotAllowed('watch is not supported by the simulated Kubernetes API'));
  }
  let matching: T[];
  try {
    matching = selected(resource, objects, query);
  } catch (error) {
    if (error instanceof SelectorError) return refusal(badRequestStatus(error.message));
    throw error;
  }
  const offset = decodeContinue(text(query.continue));
  if (offset === null) return refusal(badRequestStatus('continue key is not valid'));
  const limit = Number(text(query.limit));
  const end = Number.isSafeInteger(limit) && limit > 0 ? offset + limit : matching.length;
  const page = matching.slice(offset, end);
  const remaining = matching.length - Math.min(end, matching.length);
  const listMeta = {
    resourceVersion: String(Math.floor(request.now.getTime() / 1000)),
    ...(remaining > 0
      ? {
          continue: Buffer.from(String(end)).toString('base64url'),
          remainingItemCount: remaining,
        }
      : {}),
  };
  return { code: 200, body: render(resource, page, request, listMeta) };
}

/** One object by name, or a NotFound Status that kubectl prints as it would a real one. */
export function getAnswer<T extends KubeObject>(
  resource: KubeResource<T>,
  objects: T[],
  name: string,
  request: ReadRequest,
): Answer {
  const object = objects.find((candidate) => candidate.metadata.name === name);
  if (!object) return refusal(objectNotFound(resource.name, name));
  const asTable = requestedTable(request.accept) !== null;
  return { code: 200, body: asTable ? render(resource, [object], request, {}) : object };
}

function render<T extends KubeObject>(
  resource: KubeResource<T>,
  objects: T[],
  request: ReadRequest,
  listMeta: Record<string, unknown>,
) {
  const tableVersion = requestedTable(request.accept);
  if (tableVersion) {
    return table({
      version: tableVersion,
      columns: resource.columns,
      objects,
      cells: (object) => resource.cells(object, request.now),
      includeObject: includeObjectOf(request.query.includeObject),
      listMeta,
    });
  }
  return {
    kind: `${resource.kind}List`,
    apiVersion: resource.groupVersion ?? 'v1',
    metadata: listMeta,
    items: objects,
  };
}
