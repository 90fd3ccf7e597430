import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createGkeApi } from '../../src/modules/providers/gke-api.ts';
import { createGkeDriver } from '../../src/modules/providers/gke-driver.ts';
import type {
  DriverCluster,
  DriverStep,
  ProviderDriver,
} from '../../src/modules/providers/provider-driver.ts';

/**
 * The GKE driver against Google itself (`npm run test:live`). Health needs GKE_PROJECT and
 * Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, or gcloud's); creating and
 * deleting a real one-node zonal cluster (about fifteen minutes; the cluster fee and an
 * e2-medium for that time, well under a euro) needs GKE_LIVE_CREATE=1 as well. Without the
 * project, every test is skipped.
 */
const project = process.env.GKE_PROJECT?.trim();
const create = process.env.GKE_LIVE_CREATE === '1';
if (!project) {
  console.log('GKE live tests skipped: GKE_PROJECT is not set in the environment.');
} else if (!create) {
  console.log('GKE live create/delete skipped: set GKE_LIVE_CREATE=1 to run it.');
}

const config = () => loadConfig({ ...process.env, APP_ENV: 'test' }).gke!;
const region = process.env.GKE_LIVE_REGION ?? 'europe-west3';

/** The newest minor Google offers in the region, unless GKE_LIVE_VERSION names one. */
async function liveMinor() {
  if (process.env.GKE_LIVE_VERSION) return process.env.GKE_LIVE_VERSION;
  const offered = await createGkeApi(config()).serverConfig(region);
  const minors = (offered?.validMasterVersions ?? []).map((v) =>
    v.split('.').slice(0, 2).join('.'),
  );
  return minors.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0]!;
}

/** Advances each step until Google has done it, as the operation runner would. */
async function run(gke: ProviderDriver, cluster: DriverCluster, steps: DriverStep[]) {
  for (const step of steps) {
    const startedAt = new Date();
    for (;;) {
      const outcome = await gke.advance(cluster, step, {
        startedAt,
        signal: AbortSignal.timeout(60_000),
      });
      if (outcome.done) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(outcome.checkAgainInMs, 5000)));
    }
  }
}

describe.skipIf(!project)('GKE driver against Google (live)', () => {
  it('answers health from Google with the regions it offers', async () => {
    const health = await createGkeDriver(config()).health();
    expect(health.status, health.message).toBe('operational');
    expect(health.offeredRegions!.length).toBeGreaterThan(0);
  });

  it.skipIf(!create)('creates a one-node zonal cluster, then deletes it', async () => {
    const gke = createGkeDriver(config());
    const cluster: DriverCluster = {
      id: 900_000_000 + Math.floor(Math.random() * 1_000_000),
      name: 'live-test',
      provider: 'gke',
      region,
      tier: 'orange',
      kubernetesVersion: await liveMinor(),
      kubernetesPatch: '',
      haControlPlane: false,
      nodePools: [{ id: 1, name: 'live', size: 's-2vcpu-4gb', count: 1, nodes: [], usedNames: [] }],
      addons: [],
    };
    try {
      await run(gke, cluster, gke.planCreate(cluster));
      expect(gke.apiEndpoint(cluster)).toMatch(/^https:\/\//);
    } finally {
      await run(gke, cluster, gke.planDelete(cluster));
    }
  });
});
