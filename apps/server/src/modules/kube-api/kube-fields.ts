/** Reading the loosely typed fields of a written object. */

export type Fields = Record<string, unknown>;
export type Issues = string[];

export const isRecord = (value: unknown): value is Fields =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const record = (value: unknown): Fields => (isRecord(value) ? value : {});

/** A field that must be a map of strings, its keys matching `keyRule` if given. */
export function mapOfStrings(value: unknown, field: string, issues: Issues, keyRule?: RegExp) {
  if (value === undefined || value === null) return;
  if (!isRecord(value)) {
    issues.push(`${field}: Invalid value: must be a map of strings`);
    return;
  }
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') issues.push(`${field}[${key}]: Invalid value: must be a string`);
    else if (keyRule && !keyRule.test(key))
      issues.push(`${field}: Invalid value: "${key}": not a valid key`);
  }
}
