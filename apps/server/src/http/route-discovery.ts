import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isRoutePlugin, type RoutePlugin } from './route.ts';

const ROUTE_FILE = /-routes\.ts$/;

/** The `<module>/<name>-routes.ts` files under `modulesDir`, in a stable order. */
export function routeFiles(modulesDir: string): string[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(path.join(modulesDir, entry.name))
        .filter((file) => ROUTE_FILE.test(file))
        .map((file) => path.join(modulesDir, entry.name, file)),
    )
    .sort();
}

/** Every route plugin (`routePlugin(…)`) the module's route files export. */
export async function findRoutePlugins(modulesDir: string): Promise<RoutePlugin[]> {
  const modules = await Promise.all(
    routeFiles(modulesDir).map(
      (file) => import(pathToFileURL(file).href) as Promise<Record<string, unknown>>,
    ),
  );
  return modules.flatMap((exports) => Object.values(exports).filter(isRoutePlugin));
}

/**
 * Registers the routes of every module: a new `*-routes.ts` whose plugin is made by
 * `routePlugin` is served without an edit elsewhere. The server runs its TypeScript sources
 * (tsx), so the files found are the files imported.
 */
export async function registerRoutePlugins(app: FastifyInstance, modulesDir: string) {
  for (const plugin of await findRoutePlugins(modulesDir)) await app.register(plugin);
}
