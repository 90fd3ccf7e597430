/** PostgreSQL's error for a broken unique index, however the driver (or Drizzle) wraps it. */
export function uniqueViolation(error: unknown): { constraint: string } | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return { constraint: constraint ?? '' };
  }
  return null;
}
