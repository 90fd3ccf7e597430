/**
 * Fails the test command when a production dependency has a high or critical advisory that
 * `security/audit-allowlist.json` does not accept with a reason. Development tools are left out
 * (`--omit=dev`): they never run in the server or reach a visitor's browser.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeAudit, type AllowlistEntry } from './dependency-audit-rules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowlist = JSON.parse(
  fs.readFileSync(path.join(root, 'security/audit-allowlist.json'), 'utf8'),
) as { accepted: AllowlistEntry[] };

const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});
const verdict = judgeAudit(audit.stdout, allowlist.accepted, new Date());
for (const line of verdict.lines) console.log(line);
process.exit(verdict.ok ? 0 : 1);
