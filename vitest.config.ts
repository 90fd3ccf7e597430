import { defineConfig } from 'vitest/config';
import { webMockedProject } from './apps/web/vitest.config.ts';

/**
 * Integration files whose subject is the same whatever the database (raw sockets, the command
 * line run as a separate program): PostgreSQL's run checks them, a second run on PGlite would
 * check nothing more.
 */
const ONE_DATABASE = ['listeners', 'cli'].map(
  (name) => `apps/server/test/integration/${name}.test.ts`,
);

const serverIntegration = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/test/integration/**/*.test.ts'],
    exclude: db === 'pglite' ? ONE_DATABASE : [],
    env: { TEST_DB: db },
    globalSetup: ['apps/server/test/support/global-setup.ts'],
    pool: 'forks' as const,
    // One database per worker, shared by its files (PGlite takes seconds and ~1 GB to open).
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Each step of `npm test` is its own Vitest run: the later ones reuse the modules the
    // earlier ones transformed (the server's graph, transformed again by every integration and
    // process run) instead of transforming them again.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The web build's plugins run in Node, like the rest of this project.
            'apps/web/build/**/*.test.ts',
          ],
          // As the web project's: projects run together must share it.
          maxWorkers: 2,
        },
      },
      'apps/web/vitest.config.ts',
      webMockedProject,
      serverIntegration('integration-pglite', 'pglite'),
      serverIntegration('integration-postgres', 'postgres'),
      {
        test: {
          name: 'process',
          include: ['apps/server/test/process/**/*.test.ts'],
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          env: { TEST_DB: 'postgres' },
          pool: 'forks' as const,
          // Two files at once: each starts its own servers on its own database and free ports,
          // and spends most of its time waiting for them.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // `npm run test:live`: the DOKS driver against DigitalOcean itself and the GKE driver
        // against Google, each only with its credentials in the environment (DIGITALOCEAN_TOKEN,
        // GKE_PROJECT; skipped, saying so, without). Not in `npm test`.
        test: {
          name: 'live',
          include: ['apps/server/test/live/**/*.test.ts'],
          testTimeout: 30 * 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
