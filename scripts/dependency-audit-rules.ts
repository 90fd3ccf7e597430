/** How `npm audit --json` is judged against the allowlist: kept apart so it can be tested. */

export interface AllowlistEntry {
  /** The advisory's GHSA id, as in its address `https://github.com/advisories/GHSA-…`. */
  advisory: string;
  package: string;
  reason: string;
  /** The day the acceptance must be looked at again (YYYY-MM-DD): after it, the advisory fails. */
  reviewBy: string;
}

interface Advisory {
  id: string;
  package: string;
  severity: string;
  title: string;
}

interface Verdict {
  ok: boolean;
  lines: string[];
}

const BLOCKING = new Set(['high', 'critical']);

/**
 * An answer that is no audit report (the registry refused the audit call, or there was no
 * network) is reported loudly but does not fail: the mirror this project's machines reach
 * refuses npm's audit endpoint, and a test command that can never pass there protects nothing.
 * `AUDIT_REQUIRED=1` makes it fail instead, for machines that reach the advisory database.
 */
export function judgeAudit(
  output: string,
  accepted: AllowlistEntry[],
  today: Date,
  required = process.env.AUDIT_REQUIRED === '1',
): Verdict {
  const lines: string[] = [];
  const invalid = accepted.filter(
    (entry) =>
      !/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/.test(entry.advisory) ||
      !entry.package ||
      entry.reason.trim().length < 20 ||
      Number.isNaN(Date.parse(entry.reviewBy)),
  );
  for (const entry of invalid) {
    lines.push(
      `allowlist entry ${entry.advisory}: needs a GHSA id, a package, a reason and a reviewBy date`,
    );
  }
  const report = parseReport(output);
  if (!report) {
    lines.push(
      required
        ? 'npm audit gave no report (AUDIT_REQUIRED=1): failing'
        : 'npm audit gave no report: the advisory database is unreachable from here, so dependencies were NOT audited',
    );
    return { ok: invalid.length === 0 && !required, lines };
  }
  const blocking = report.filter((advisory) => BLOCKING.has(advisory.severity));
  const failures: string[] = [];
  for (const advisory of blocking) {
    const entry = accepted.find(
      (a) => a.advisory === advisory.id && a.package === advisory.package,
    );
    const label = `${advisory.severity} ${advisory.id} in ${advisory.package}: ${advisory.title}`;
    if (!entry) failures.push(`not accepted: ${label}`);
    else if (Date.parse(entry.reviewBy) < today.getTime()) {
      failures.push(`acceptance past its review date ${entry.reviewBy}: ${label}`);
    } else lines.push(`accepted: ${label} (${entry.reason})`);
  }
  for (const entry of accepted) {
    if (!report.some((a) => a.id === entry.advisory && a.package === entry.package)) {
      lines.push(
        `allowlist entry ${entry.advisory} (${entry.package}) no longer applies: remove it`,
      );
    }
  }
  lines.push(...failures);
  lines.push(
    `npm audit: ${report.length} advisories, ${blocking.length} high or critical, ${failures.length} not accepted`,
  );
  return { ok: failures.length === 0 && invalid.length === 0, lines };
}

/** Every advisory of the report, once per package it affects; undefined if no report. */
function parseReport(output: string): Advisory[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(output);
  } catch {
    return undefined;
  }
  const vulnerabilities = (parsed as { vulnerabilities?: unknown }).vulnerabilities;
  if (!vulnerabilities || typeof vulnerabilities !== 'object') return undefined;
  const advisories: Advisory[] = [];
  for (const [name, vulnerability] of Object.entries(vulnerabilities)) {
    for (const via of (vulnerability as { via?: unknown[] }).via ?? []) {
      // A string names another package whose own entry carries the advisory.
      if (typeof via !== 'object' || via === null) continue;
      const { url, severity, title } = via as { url?: string; severity?: string; title?: string };
      const id = url?.match(/GHSA(-[a-z0-9]{4}){3}/)?.[0];
      if (!id) continue;
      advisories.push({ id, package: name, severity: severity ?? 'unknown', title: title ?? '' });
    }
  }
  return advisories;
}
