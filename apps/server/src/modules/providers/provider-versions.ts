/** A provider's newest release of a minor ("1.36" → "1.36.5-gke.1200", "1.36.5"), or null. */
export function newestOfMinor(versions: string[], minor: string): string | null {
  const matching = versions.filter((version) => version.startsWith(`${minor}.`));
  matching.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
  return matching[0] ?? null;
}
