import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ICruiseResult } from 'dependency-cruiser';

const repo = fileURLToPath(new URL('..', import.meta.url));

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** What `npm run lint:imports` finds in a small tree of files written for the case. */
async function violationsOf(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  copyFileSync(join(repo, 'tsconfig.base.json'), join(root, 'tsconfig.base.json'));
  // The command lint runs, with the repository's configuration, in the fixture's tree.
  const run = spawnSync(
    join(repo, 'node_modules/.bin/depcruise'),
    ['apps', '--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: root, encoding: 'utf8' },
  );
  const result = JSON.parse(run.stdout) as ICruiseResult;
  return result.summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

// Each case starts dependency-cruiser afresh: seconds on a loaded machine, past the default 5 s.
describe('import rules', { timeout: 30_000 }, () => {
  it('refuse a cycle made of type imports alone', async () => {
    const violations = await violationsOf({
      'apps/server/src/modules/orders/index.ts':
        "import type { Billing } from '../billing/index.ts';\nexport type Orders = { billing?: Billing };\n",
      'apps/server/src/modules/billing/index.ts':
        "import type { Orders } from '../orders/index.ts';\nexport type Billing = { orders?: Orders };\n",
    });
    expect(violations).toContain(
      'no-cycle: apps/server/src/modules/billing/index.ts → apps/server/src/modules/orders/index.ts',
    );
  });

  it('refuse a module importing the composition root, even for a type', async () => {
    const violations = await violationsOf({
      'apps/server/src/services.ts': 'export interface Services { name: string }\n',
      'apps/server/src/modules/quotes/quote-service.ts':
        "import type { Services } from '../../services.ts';\nexport const name = (s: Services) => s.name;\n",
    });
    expect(violations).toEqual([
      'no-composition-root: apps/server/src/modules/quotes/quote-service.ts → apps/server/src/services.ts',
    ]);
  });

  it("refuse a module importing another owner's table", async () => {
    const violations = await violationsOf({
      'apps/server/src/modules/newsletter/schema.ts':
        "import { leads } from '../leads/schema.ts';\nexport const subscriptions = { lead: leads.id };\n",
      'apps/server/src/modules/leads/schema.ts': 'export const leads = { id: 1 };\n',
      'apps/server/src/modules/leads/lead-service.ts':
        "import { leads } from './schema.ts';\nimport { subscriptions } from '../newsletter/schema.ts';\nexport const read = () => [leads, subscriptions];\n",
    });
    // A schema file names another owner's table for a foreign key; a service may not.
    expect(violations).toEqual([
      'not-owner-schema: apps/server/src/modules/leads/lead-service.ts → apps/server/src/modules/newsletter/schema.ts',
    ]);
  });

  it('refuse an excepted module a table its exception does not name', async () => {
    const violations = await violationsOf({
      'apps/server/src/modules/users/schema.ts': 'export const users = { id: 1 };\n',
      'apps/server/src/modules/billing/renewals.ts':
        "import { users } from '../users/schema.ts';\nexport const count = () => users.id;\n",
    });
    expect(violations).toEqual([
      'not-owner-schema: apps/server/src/modules/billing/renewals.ts → apps/server/src/modules/users/schema.ts',
    ]);
  });

  it('refuse application code the schema aggregate', async () => {
    const violations = await violationsOf({
      'apps/server/src/modules/leads/schema.ts': 'export const leads = { id: 1 };\n',
      'apps/server/src/db/schema.ts': "export * from '../modules/leads/schema.ts';\n",
      'apps/server/src/modules/leads/lead-service.ts':
        "import { leads } from '../../db/schema.ts';\nexport const read = () => leads;\n",
    });
    expect(violations).toEqual([
      'no-schema-aggregate: apps/server/src/modules/leads/lead-service.ts → apps/server/src/db/schema.ts',
    ]);
  });

  it('let modules depend one way through their index', async () => {
    const violations = await violationsOf({
      'apps/server/src/services.ts':
        "import { orders } from './modules/orders/index.ts';\nexport const services = { orders };\n",
      'apps/server/src/modules/orders/index.ts':
        "import type { Catalog } from '../platform/index.ts';\nexport const orders = (c?: Catalog) => c;\n",
      'apps/server/src/modules/platform/index.ts': 'export type Catalog = { tiers: string[] };\n',
    });
    expect(violations).toEqual([]);
  });
});
