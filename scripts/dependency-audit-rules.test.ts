import { describe, expect, it } from 'vitest';
import { judgeAudit, type AllowlistEntry } from './dependency-audit-rules.ts';

const today = new Date('2026-11-24');

/** The shape `npm audit --json` answers (report version 2), cut to what is judged. */
function report(...advisories: { pkg: string; ghsa: string; severity: string }[]) {
  const vulnerabilities: Record<string, unknown> = {};
  for (const { pkg, ghsa, severity } of advisories) {
    vulnerabilities[pkg] = {
      name: pkg,
      severity,
      via: [
        {
          source: 1,
          name: pkg,
          title: `${pkg} flaw`,
          url: `https://github.com/advisories/${ghsa}`,
          severity,
        },
      ],
    };
  }
  // A package affected only through another names it as a string.
  vulnerabilities['wrapper'] = { name: 'wrapper', severity: 'high', via: ['libfoo'] };
  return JSON.stringify({ auditReportVersion: 2, vulnerabilities });
}

const accepted = (over: Partial<AllowlistEntry> = {}): AllowlistEntry => ({
  advisory: 'GHSA-2222-3333-4444',
  package: 'libfoo',
  reason: 'the vulnerable parser is never given untrusted input here',
  reviewBy: '2027-01-31',
  ...over,
});

describe('the dependency audit', () => {
  it('fails on a high or critical advisory the allowlist does not accept', () => {
    const verdict = judgeAudit(
      report({ pkg: 'libfoo', ghsa: 'GHSA-2222-3333-4444', severity: 'critical' }),
      [],
      today,
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.join('\n')).toContain(
      'not accepted: critical GHSA-2222-3333-4444 in libfoo',
    );
  });

  it('passes moderate and low advisories, and an accepted one with its reason', () => {
    const output = report(
      { pkg: 'libfoo', ghsa: 'GHSA-2222-3333-4444', severity: 'high' },
      { pkg: 'libbar', ghsa: 'GHSA-5555-6666-7777', severity: 'moderate' },
    );
    const verdict = judgeAudit(output, [accepted()], today);
    expect(verdict.ok).toBe(true);
    expect(verdict.lines.join('\n')).toContain('accepted: high GHSA-2222-3333-4444 in libfoo');
  });

  it('accepts an advisory only for the package named, and only until its review date', () => {
    const output = report({ pkg: 'libfoo', ghsa: 'GHSA-2222-3333-4444', severity: 'high' });
    expect(judgeAudit(output, [accepted({ package: 'libother' })], today).ok).toBe(false);
    const expired = judgeAudit(output, [accepted({ reviewBy: '2026-11-01' })], today);
    expect(expired.ok).toBe(false);
    expect(expired.lines.join('\n')).toContain('past its review date');
  });

  it('refuses an allowlist entry without a real reason, and names entries that no longer apply', () => {
    expect(judgeAudit(report(), [accepted({ reason: 'fine' })], today).ok).toBe(false);
    const stale = judgeAudit(report(), [accepted()], today);
    expect(stale.ok).toBe(true);
    expect(stale.lines.join('\n')).toContain('no longer applies');
  });

  it('says loudly when there is no report, and fails then only when an audit is required', () => {
    const refused = '{"message":"405 Method Not Allowed","statusCode":405}';
    const relaxed = judgeAudit(refused, [], today, false);
    expect(relaxed.ok).toBe(true);
    expect(relaxed.lines.join('\n')).toContain('NOT audited');
    expect(judgeAudit(refused, [], today, true).ok).toBe(false);
    expect(judgeAudit('not json', [], today, true).ok).toBe(false);
  });
});
