import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRoutePlugin } from './route.ts';
import { routeFiles } from './route-discovery.ts';

const modulesDir = fileURLToPath(new URL('../modules', import.meta.url));
/**
 * app.ts registers the Kubernetes API with the resolver it composes, and that plugin registers
 * its write routes; they serve no contract endpoint.
 */
const WIRED_BY_THE_APP = ['kube-api/kube-api-routes.ts', 'kube-api/kube-write-routes.ts'];

describe('route discovery', () => {
  it('finds a route plugin in every route file, so none is left unregistered', async () => {
    const files = routeFiles(modulesDir);
    expect(files.length).toBeGreaterThan(20);
    const withoutPlugin: string[] = [];
    for (const file of files) {
      const exports = (await import(file)) as Record<string, unknown>;
      if (!Object.values(exports).some(isRoutePlugin)) {
        withoutPlugin.push(path.relative(modulesDir, file));
      }
    }
    expect(withoutPlugin).toEqual(WIRED_BY_THE_APP);
  }, 60_000);
});
