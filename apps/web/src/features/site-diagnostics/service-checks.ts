import { endpoints } from '@alpenkube/contract/endpoints';

/** The calls /test-service times, and how a result is judged. */
export interface ServiceCheck {
  label: string;
  url: string;
  /** Statuses that mean the service works (a signed-out visitor gets 401 from /api/user). */
  okStatuses: number[];
}

export interface CheckResult {
  check: ServiceCheck;
  status: number | null;
  ok: boolean;
  latencyMs: number;
  detail: string;
}

export const serviceChecks: ServiceCheck[] = [
  { label: 'API health and database', url: endpoints.platform.health.path(), okStatuses: [200] },
  { label: 'Version', url: endpoints.platform.version.path(), okStatuses: [200] },
  { label: 'Cluster tiers', url: endpoints.platform.tiers.path(), okStatuses: [200] },
  { label: 'Session', url: endpoints.session.user.path(), okStatuses: [200, 401] },
  { label: 'OpenAPI document', url: endpoints.platform.openapi.path(), okStatuses: [200] },
];

/**
 * Times one call with a plain fetch: the app's HTTP client caches GET answers for five
 * minutes, which would measure the cache instead of the server.
 */
export async function runCheck(
  check: ServiceCheck,
  now: () => number = () => performance.now(),
): Promise<CheckResult> {
  const started = now();
  try {
    const response = await fetch(check.url, { credentials: 'include', cache: 'no-store' });
    const text = await response.text();
    const latencyMs = Math.round(now() - started);
    const ok = check.okStatuses.includes(response.status);
    let detail = response.statusText || `HTTP ${response.status}`;
    if (check.url === endpoints.platform.health.path() && ok)
      detail = text.includes('"database":"ok"') ? 'Database reachable' : text;
    if (response.status === 401 && ok) detail = 'Reachable (not signed in)';
    if (!ok) {
      try {
        detail = (JSON.parse(text) as { message?: string }).message ?? detail;
      } catch {
        // Not JSON: keep the status text.
      }
    }
    return { check, status: response.status, ok, latencyMs, detail };
  } catch (error) {
    return {
      check,
      status: null,
      ok: false,
      latencyMs: Math.round(now() - started),
      detail: error instanceof Error ? error.message : 'Network error',
    };
  }
}

/** Runs the checks one after another so their timings do not compete with each other. */
export async function runAllChecks(checks = serviceChecks): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) results.push(await runCheck(check));
  return results;
}

/** Spec-free judgement for the headline: every call up, and how fast overall. */
export function summarize(results: CheckResult[]): { healthy: boolean; medianMs: number } {
  const sorted = results.map((r) => r.latencyMs).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const medianMs =
    sorted.length === 0
      ? 0
      : sorted.length % 2
        ? sorted[mid]!
        : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
  return { healthy: results.length > 0 && results.every((r) => r.ok), medianMs };
}
