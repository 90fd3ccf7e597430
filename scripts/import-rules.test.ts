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

describe('import rules', () => {
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
