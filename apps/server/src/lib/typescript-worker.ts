import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The ES module of tsx's API (a test runner's module loader cannot resolve it for us). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default))
    .href;
}

/**
 * Starts a worker thread on a TypeScript module of the server. The thread registers tsx itself
 * before loading it, whatever started the server (node with tsx's loader, or a test runner): a
 * loader given to the process does not reach new threads.
 */
export function startTypeScriptWorker(module: URL, workerData: unknown): Worker {
  const bootstrap = `import(${JSON.stringify(tsxEsmApi())})
    .then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}
