import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createDoApi } from '../../src/modules/providers/doks-api.ts';
import { createDoksDriver } from '../../src/modules/providers/doks-driver.ts';
import {
  ProviderError,
  type DriverCluster,
  type DriverStep,
  type DriverVpc,
  type ProviderDriver,
} from '../../src/modules/providers/provider-driver.ts';

/**
 * The DOKS driver against DigitalOcean itself (`npm run test:live`). Health and the options need
 * DIGITALOCEAN_TOKEN only; creating and deleting a real one-node cluster (a few cents, about ten
 * minutes) needs DIGITALOCEAN_LIVE_CREATE=1 as well, and makes the cluster's VPC too (its range
 * DIGITALOCEAN_LIVE_VPC_RANGE, 192.168.254.0/24 by default: one no network of the account may
 * overlap), deleted after the cluster. Without the token, every test is skipped.
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

/** Deletes the VPC's network, asked again while DigitalOcean says the Droplets are still in it. */
async function deleteVpc(doks: ProviderDriver, vpc: DriverVpc) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await doks.deleteVpc!(vpc, AbortSignal.timeout(60_000));
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.retryable || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 30_000));
    }
  }
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
    // An id with a 0 in it: DigitalOcean's VPC names take digits, whatever its definition's
    // pattern says (`[a-zA-Z1-9\-\.]`), which this confirms.
    const id = 900_000_000 + Math.floor(Math.random() * 1_000_000);
    const region = process.env.DIGITALOCEAN_LIVE_REGION ?? 'fra1';
    const vpc: DriverVpc = {
      id,
      name: 'live-test',
      region,
      ipRange: process.env.DIGITALOCEAN_LIVE_VPC_RANGE ?? '192.168.254.0/24',
    };
    const cluster: DriverCluster = {
      id,
      name: 'live-test',
      provider: 'doks',
      region,
      tier: 'orange',
      kubernetesVersion: await liveMinor(),
      kubernetesPatch: '',
      haControlPlane: false,
      nodePools: [{ id: 1, name: 'live', size: 's-2vcpu-4gb', count: 1, nodes: [], usedNames: [] }],
      addons: [],
      vpc,
    };
    try {
      await run(doks, cluster, doks.planCreate(cluster));
      // The cluster is in the VPC the driver made, with the platform's range.
      const api = createDoApi(config());
      const network = (await api.vpcs()).find((one) => one.name === `alpenkube-vpc-${id}`);
      expect(network).toMatchObject({ region, ip_range: vpc.ipRange });
      const [remote] = (await api.clusters()).filter((one) =>
        one.tags.includes(`alpenkube-cluster-${id}`),
      );
      expect((remote as unknown as { vpc_uuid: string }).vpc_uuid).toBe(network!.id);
      expect(doks.apiEndpoint(cluster)).toMatch(/^https:\/\//);
      expect(await doks.kubeconfig!(cluster)).toMatch(/kind: Config/);
      // Nothing made inside it yet: DigitalOcean's list of associated resources is empty.
      expect(await doks.observedResources!(cluster, AbortSignal.timeout(30_000))).toEqual({
        volumes: [],
        loadBalancers: [],
      });
    } finally {
      await run(doks, cluster, doks.planDelete(cluster));
      await deleteVpc(doks, vpc);
    }
  });
});
