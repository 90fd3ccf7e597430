import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDoApi } from '../../src/modules/providers/doks-api.ts';
import { createDoksDriver } from '../../src/modules/providers/doks-driver.ts';
import type {
  DriverCluster,
  DriverStep,
  ProviderDriver,
} from '../../src/modules/providers/provider-driver.ts';

/**
 * The DOKS driver against DigitalOcean itself (`npm run test:live`). Health and the options need
 * DIGITALOCEAN_TOKEN only; creating and deleting a real one-node cluster (a few cents, about ten
 * minutes) needs DIGITALOCEAN_LIVE_CREATE=1 as well. Without the token, every test is skipped.
 */
const token = process.env.DIGITALOCEAN_TOKEN?.trim();
const create = process.env.DIGITALOCEAN_LIVE_CREATE === '1';
if (!token) {
  console.log('DOKS live tests skipped: DIGITALOCEAN_TOKEN is not set in the environment.');
} else if (!create) {
  console.log('DOKS live create/delete skipped: set DIGITALOCEAN_LIVE_CREATE=1 to run it.');
}

const config = () => loadConfig({ ...process.env, APP_ENV: 'test' }).digitalocean!;
const driver = () => createDoksDriver(config());

/** The newest minor DigitalOcean offers, unless DIGITALOCEAN_LIVE_VERSION names one. */
async function liveMinor() {
  if (process.env.DIGITALOCEAN_LIVE_VERSION) return process.env.DIGITALOCEAN_LIVE_VERSION;
  const { versions } = await createDoApi(config()).options();
  const minors = versions.map((version) =>
    version.kubernetes_version.split('.').slice(0, 2).join('.'),
  );
  return minors.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }))[0]!;
}

/** Advances each step until DigitalOcean has done it, as the operation runner would. */
async function run(doks: ProviderDriver, cluster: DriverCluster, steps: DriverStep[]) {
  for (const step of steps) {
    const startedAt = new Date();
    for (;;) {
      const outcome = await doks.advance(cluster, step, {
        startedAt,
        signal: AbortSignal.timeout(60_000),
      });
      if (outcome.done) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(outcome.checkAgainInMs, 5000)));
    }
  }
}

describe.skipIf(!token)('DOKS driver against DigitalOcean (live)', () => {
  it('answers health from DigitalOcean with its regions', async () => {
    const health = await driver().health();
    expect(health.status, health.message).toBe('operational');
    expect(health.offeredRegions!.length).toBeGreaterThan(0);
  });

  it.skipIf(!create)('creates a one-node cluster, gets its kubeconfig and deletes it', async () => {
    const doks = driver();
    const cluster: DriverCluster = {
      id: 900_000_000 + Math.floor(Math.random() * 1_000_000),
      name: 'live-test',
      provider: 'doks',
      region: process.env.DIGITALOCEAN_LIVE_REGION ?? 'fra1',
      tier: 'orange',
      kubernetesVersion: await liveMinor(),
      kubernetesPatch: '',
      haControlPlane: false,
      nodePools: [{ id: 1, name: 'live', size: 's-2vcpu-4gb', count: 1, nodes: [], usedNames: [] }],
      addons: [],
    };
    try {
      await run(doks, cluster, doks.planCreate(cluster));
      expect(doks.apiEndpoint(cluster)).toMatch(/^https:\/\//);
      expect(await doks.kubeconfig!(cluster)).toMatch(/kind: Config/);
      // Nothing made inside it yet: DigitalOcean's list of associated resources is empty.
      expect(await doks.observedResources!(cluster, AbortSignal.timeout(30_000))).toEqual({
        volumes: [],
        loadBalancers: [],
      });
    } finally {
      await run(doks, cluster, doks.planDelete(cluster));
    }
  });
});
