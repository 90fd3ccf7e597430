import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const documents = tracked.filter((file) => /^(README\.md|docs\/.*\.md)$/.test(file));
const names = new Set(tracked.map((file) => basename(file)));

/** Folders a document names a file from without repeating them (the app's sources, mostly). */
const bases = [
  '',
  'apps/server/',
  'apps/server/src/',
  'apps/server/src/modules/',
  'apps/web/',
  'apps/web/src/',
  'apps/web/src/features/',
  'apps/server/src/db/',
  'packages/contract/src/',
  'packages/',
  'e2e/',
  'e2e/tests/',
  'docs/',
];
const FILE = /^[\w@.-]+(\/[\w@.[\]-]+)*\.(ts|tsx|md|sh|json|cjs|js|css|sql|ya?ml|html|txt)$/;
/**
 * Names that are not the repository's files: what exists once something runs (the build's
 * output, the data directory, a served path, an export's contents), a library, the shared
 * specification beside the repository.
 */
const notOurs =
  /^(dist|apps\/web\/dist|.*page-meta\.json|.*openapi\.json|DATA_DIR\/|llms\.txt$|robots\.txt$|README\.txt$|highlight\.js$|\.\.\/shared\/|\.\/\.\.\/\.\.\/shared\/)/;

function namedFiles(text: string) {
  const found = new Set<string>();
  for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) if (FILE.test(code!)) found.add(code!);
  for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
    if (!/^[a-z]+:/.test(link!) && FILE.test(link!.replace(/^\.\//, ''))) found.add(`./${link}`);
  }
  return found;
}

function exists(document: string, path: string) {
  if (path.startsWith('./') || path.startsWith('../')) {
    return existsSync(join(repo, dirname(document), path));
  }
  if (!path.includes('/')) return names.has(path);
  return bases.some((base) => existsSync(join(repo, base, path)));
}

describe('the documents', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(repo, document), 'utf8');
      for (const path of namedFiles(text)) {
        if (!notOurs.test(path) && !exists(document, path)) missing.push(`${document}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
