import type { KubeManifest } from './kube-store.ts';
import { mapOfStrings, record, type Issues } from './kube-fields.ts';

/** The checks and defaults of the kinds that hold data: config maps, secrets, claims, namespaces. */

const DATA_KEY = /^[-._a-zA-Z0-9]+$/;

export function configMap(object: KubeManifest, issues: Issues) {
  mapOfStrings(object.data, 'data', issues, DATA_KEY);
  mapOfStrings(object.binaryData, 'binaryData', issues, DATA_KEY);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function secret(object: KubeManifest, issues: Issues) {
  mapOfStrings(object.data, 'data', issues, DATA_KEY);
  mapOfStrings(object.stringData, 'stringData', issues, DATA_KEY);
  for (const [key, value] of Object.entries(record(object.data))) {
    if (typeof value === 'string' && (!BASE64.test(value) || value.length % 4)) {
      issues.push(`data[${key}]: Invalid value: illegal base64 data`);
    }
  }
  // As the API server does: stringData is written into data, and never kept itself.
  const stringData = record(object.stringData);
  delete object.stringData;
  object.data = {
    ...record(object.data),
    ...Object.fromEntries(
      Object.entries(stringData).map(([key, value]) => [
        key,
        Buffer.from(String(value)).toString('base64'),
      ]),
    ),
  };
  object.type ??= 'Opaque';
}

const ACCESS_MODES = ['ReadWriteOnce', 'ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOncePod'];
const QUANTITY = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|Pi|k|M|G|T|P)?$/;
const UNIT: Record<string, number> = {
  '': 1,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
};

/** A storage quantity in whole GiB, rounded up as a provisioner rounds a request up; null if bad. */
export function storageGiB(quantity: unknown): number | null {
  const match = typeof quantity === 'string' ? QUANTITY.exec(quantity) : null;
  if (!match)
    return typeof quantity === 'number' && quantity > 0 ? Math.ceil(quantity / 2 ** 30) : null;
  const bytes = Number(match[1]) * UNIT[match[2] ?? '']!;
  return bytes > 0 ? Math.ceil(bytes / 2 ** 30) : null;
}

export function claim(object: KubeManifest, issues: Issues) {
  const spec = record(object.spec);
  const modes = spec.accessModes;
  if (!Array.isArray(modes) || !modes.length) issues.push('spec.accessModes: Required value');
  else if (modes.some((mode) => !ACCESS_MODES.includes(mode as string))) {
    issues.push(
      `spec.accessModes: Unsupported value: ${JSON.stringify(modes)}: supported values: "${ACCESS_MODES.join('", "')}"`,
    );
  }
  const storage = record(record(spec.resources).requests).storage;
  if (storage === undefined) issues.push('spec.resources[storage]: Required value');
  else if (storageGiB(storage) === null)
    issues.push(
      `spec.resources.requests[storage]: Invalid value: ${JSON.stringify(storage)}: must be a positive quantity`,
    );
  object.spec = { volumeMode: 'Filesystem', ...spec };
}

export function namespace(object: KubeManifest) {
  object.metadata.labels = {
    ...object.metadata.labels,
    'kubernetes.io/metadata.name': object.metadata.name,
  };
  object.spec = { finalizers: ['kubernetes'] };
  object.status = { phase: 'Active' };
}
