/**
 * The patches the API server takes: JSON merge patch (RFC 7386), JSON patch (RFC 6902), and the
 * strategic merge patch kubectl's client-side apply sends, which merges the lists it knows by a
 * key (containers by name, ports by port…) instead of replacing them. Server-side apply merges
 * the applied object the strategic way too.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** A patch that cannot be applied: the API server answers 422 (or 400 for a malformed one). */
export class PatchError extends Error {}

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key] ?? null, value);
  }
  return result;
}

/** The list fields Kubernetes merges by a key, and the key (the first one its items carry). */
const MERGE_KEYS: Record<string, string[]> = {
  containers: ['name'],
  initContainers: ['name'],
  ephemeralContainers: ['name'],
  env: ['name'],
  volumes: ['name'],
  volumeMounts: ['mountPath'],
  imagePullSecrets: ['name'],
  ports: ['containerPort', 'port'],
  conditions: ['type'],
  hostAliases: ['ip'],
  topologySpreadConstraints: ['topologyKey'],
};

function mergeKeyOf(field: string, items: Json[]): string | null {
  const keys = MERGE_KEYS[field];
  if (!keys) return null;
  return keys.find((key) => items.some((item) => isObject(item) && key in item)) ?? null;
}

function strategicList(field: string, target: Json | undefined, patch: Json[], order?: Json) {
  const current = Array.isArray(target) ? target : [];
  const key = mergeKeyOf(field, [...patch, ...current]);
  if (!key) return patch.filter((item) => !(isObject(item) && item.$patch === 'delete'));
  if (patch.some((item) => isObject(item) && item.$patch === 'replace')) {
    return patch.filter((item) => !(isObject(item) && '$patch' in item));
  }
  const merged = current.map((item) => item);
  for (const item of patch) {
    if (!isObject(item)) continue;
    const index = merged.findIndex((existing) => isObject(existing) && existing[key] === item[key]);
    if (item.$patch === 'delete') {
      if (index >= 0) merged.splice(index, 1);
    } else if (index >= 0) {
      merged[index] = strategicMerge(merged[index]!, item);
    } else {
      merged.push(strategicMerge({}, item));
    }
  }
  // `$setElementOrder/<field>` gives the order the client wants the merged items in.
  if (Array.isArray(order)) {
    const rank = (item: Json) =>
      order.findIndex((entry) => isObject(entry) && isObject(item) && entry[key] === item[key]);
    merged.sort((a, b) => (rank(a) + 1 || Infinity) - (rank(b) + 1 || Infinity));
  }
  return merged;
}

export function strategicMerge(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  if (patch.$patch === 'replace') {
    const { $patch: _ignored, ...rest } = patch;
    return rest;
  }
  if (patch.$patch === 'delete') return null;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  const retain = patch.$retainKeys;
  for (const [key, value] of Object.entries(patch)) {
    if (key.startsWith('$')) continue;
    if (value === null) delete result[key];
    else if (Array.isArray(value)) {
      result[key] = strategicList(key, result[key], value, patch[`$setElementOrder/${key}`]);
    } else result[key] = strategicMerge(result[key] ?? null, value);
  }
  for (const [directive, value] of Object.entries(patch)) {
    const field = directive.slice('$deleteFromPrimitiveList/'.length);
    if (!directive.startsWith('$deleteFromPrimitiveList/') || !Array.isArray(value)) continue;
    const list = result[field];
    if (Array.isArray(list)) result[field] = list.filter((item) => !value.includes(item));
  }
  if (Array.isArray(retain)) {
    for (const key of Object.keys(result)) if (!retain.includes(key)) delete result[key];
  }
  return result;
}

/** A JSON pointer's steps, `~1` and `~0` unescaped. */
function pointer(path: unknown): string[] {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/'))) {
    throw new PatchError(`invalid JSON pointer ${JSON.stringify(path)}`);
  }
  return path
    .split('/')
    .slice(1)
    .map((step) => step.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(document: Json, steps: string[]): { parent: JsonObject | Json[]; last: string } {
  let node: Json = document;
  for (const step of steps.slice(0, -1)) {
    const next: Json | undefined = Array.isArray(node)
      ? node[Number(step)]
      : isObject(node)
        ? node[step]
        : undefined;
    if (next === undefined || next === null || typeof next !== 'object') {
      throw new PatchError(`path /${steps.join('/')} does not exist`);
    }
    node = next;
  }
  if (node === null || typeof node !== 'object') throw new PatchError('path does not exist');
  return { parent: node, last: steps.at(-1)! };
}

function read(document: Json, steps: string[]): Json {
  if (!steps.length) return document;
  const { parent, last } = parentOf(document, steps);
  const value = Array.isArray(parent) ? parent[Number(last)] : parent[last];
  if (value === undefined) throw new PatchError(`path /${steps.join('/')} does not exist`);
  return value;
}

function put(document: Json, steps: string[], value: Json, insert: boolean): Json {
  if (!steps.length) return value;
  const { parent, last } = parentOf(document, steps);
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length - (insert ? 0 : 1)) {
      throw new PatchError(`index ${last} is out of range`);
    }
    parent.splice(index, insert ? 0 : 1, value);
  } else {
    if (!insert && !(last in parent))
      throw new PatchError(`path /${steps.join('/')} does not exist`);
    parent[last] = value;
  }
  return document;
}

function drop(document: Json, steps: string[]): Json {
  read(document, steps);
  const { parent, last } = parentOf(document, steps);
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return document;
}

export function jsonPatch(target: Json, operations: unknown): Json {
  if (!Array.isArray(operations)) throw new PatchError('a JSON patch is a list of operations');
  let document = structuredClone(target);
  for (const operation of operations as JsonObject[]) {
    const path = pointer(operation?.path);
    const value = operation.value ?? null;
    switch (operation.op) {
      case 'add':
        document = put(document, path, structuredClone(value), true);
        break;
      case 'replace':
        read(document, path);
        document = put(document, path, structuredClone(value), false);
        break;
      case 'remove':
        document = drop(document, path);
        break;
      case 'move':
      case 'copy': {
        const from = pointer(operation.from);
        const moved = structuredClone(read(document, from));
        if (operation.op === 'move') document = drop(document, from);
        document = put(document, path, moved, true);
        break;
      }
      case 'test':
        if (JSON.stringify(read(document, path)) !== JSON.stringify(value)) {
          throw new PatchError(`testing value ${operation.path} failed`);
        }
        break;
      default:
        throw new PatchError(`unexpected kind of operation ${JSON.stringify(operation?.op)}`);
    }
  }
  return document;
}
