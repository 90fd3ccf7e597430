import { createHash } from 'node:crypto';

/**
 * Names, ids and addresses of the simulated objects are digests of what identifies them (the
 * cluster's id and the object's own name), so every call answers the same names: a pod name
 * kubectl printed a minute ago can be asked for again.
 */
const digest = (key: string) => createHash('sha256').update(key).digest();

/** The alphabet Kubernetes uses for generated names: no vowels, no look-alike digits. */
const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** A generated-name suffix like the ones ReplicaSets (10) and pods (5) get. */
export function nameSuffix(key: string, length: number): string {
  const bytes = digest(key);
  let suffix = '';
  for (let index = 0; index < length; index += 1) {
    suffix += NAME_ALPHABET[bytes[index]! % NAME_ALPHABET.length];
  }
  return suffix;
}

/** A UUID-shaped uid, stable for the same key. */
export function uidOf(key: string): string {
  const hex = digest(key).toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}

/** A 32-bit number taken from the key's digest: where a node's address or a pod lands. */
export function numberOf(key: string): number {
  return digest(key).readUInt32BE(0);
}

export function hexOf(key: string, length: number): string {
  return digest(key).toString('hex').slice(0, length);
}

/** RFC 3339 in whole seconds, the form of every timestamp the API server writes. */
export function timestamp(date: Date): string {
  return new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** The resourceVersion of an object that the simulation never changes after creating it. */
export function resourceVersionOf(date: Date): string {
  return String(Math.floor(date.getTime() / 1000));
}

/** The API server lists objects in the byte order of their keys, not by locale. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
