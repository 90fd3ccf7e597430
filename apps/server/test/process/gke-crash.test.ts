import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clusterOf,
  orderAndPayCluster,
  saveTestCard,
  signInProcess,
  waitFor,
} from '../support/cluster-process.ts';
import { startGkeDouble, type GkeDouble } from '../support/gke-double.ts';
import { freePort, spawnServer, type ServerProcess } from '../support/server-process.ts';

const TOKEN = 'ya29.crash-test-access-token';
const PROJECT = 'alpenkube-crash';
const started: ServerProcess[] = [];
let double: GkeDouble | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-gke-crash-'));

afterAll(async () => {
  await Promise.all(started.map((server) => server.kill()));
  await double?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer() {
  const server = spawnServer({
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    GKE_PROJECT: PROJECT,
    GKE_API_ENDPOINT: double!.url,
    GKE_ACCESS_TOKEN: TOKEN,
    GKE_POLL_MS: '50',
  });
  started.push(server);
  await server.ready;
  return server;
}

describe('the GKE driver killed with SIGKILL after Google accepted a create', () => {
  it('finds the accepted cluster by its label after the restart, and creates no second', async () => {
    const servers: { first?: ServerProcess } = {};
    double = await startGkeDouble({
      token: TOKEN,
      project: PROJECT,
      // Google has the cluster; the platform dies before it hears the answer.
      onCreate: () => void servers.first?.child.kill('SIGKILL'),
    });
    const first = await startServer();
    servers.first = first;
    const caller = await signInProcess(first.url, 'newcomer');
    await saveTestCard(caller);
    const { clusterId } = await orderAndPayCluster(caller, {
      name: 'crash',
      tier: 'blue',
      provider: 'gke',
      region: 'europe-west3',
      kubernetesVersion: '1.36',
      nodePools: [{ name: 'general', size: 'm-4vcpu-16gb', count: 3 }],
      haControlPlane: false,
      addons: [],
      supportPlan: 'basic',
    });
    await first.exited;
    expect(double.clusters.size).toBe(1);

    const second = await startServer();
    const again = await signInProcess(second.url, 'newcomer');
    const running = await waitFor(
      'the cluster to run',
      async () => {
        const now = await clusterOf(again, clusterId);
        expect(now.status).not.toBe('failed');
        return now.status === 'running' ? now : undefined;
      },
      60_000,
    );
    expect(running.nodePools[0]!.nodes).toHaveLength(3);
    expect(double.clusters.size).toBe(1);
    const creates = double.requests.filter(
      (r) => r.method === 'POST' && /\/locations\/[^/]+\/clusters$/.test(r.path),
    );
    expect(creates).toHaveLength(1);
    expect(second.output()).not.toContain(TOKEN);
  });
});
