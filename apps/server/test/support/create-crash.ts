import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import {
  clusterOf,
  orderAndPayCluster,
  saveTestCard,
  signInProcess,
  waitFor,
} from './cluster-process.ts';
import { freePort, spawnServer, type ServerProcess } from './server-process.ts';

/** A provider's double as the crash test needs it: its clusters and the creates it was sent. */
export interface CrashDouble {
  url: string;
  clusters: { size: number };
  close(): Promise<unknown>;
}

/**
 * A real driver's server killed with SIGKILL the moment the provider's double has carried out a
 * create, before the answer reaches it; the restarted server must find that cluster (by the tag
 * or label the platform gave it) and finish it, sending no second create. Call it inside an
 * `it`: it cleans up when the test ends.
 */
export async function createCrashTest(options: {
  /** Starts the double; it calls `onCreate` once a create is carried out, before answering. */
  startDouble(onCreate: () => void): Promise<CrashDouble>;
  /** The server's environment pointing the driver at the double. */
  env(double: CrashDouble): Record<string, string>;
  provider: string;
  region: string;
  /** How many creates the double was sent. */
  creates(): number;
  /** The credential the server's output must not contain. */
  secret: string;
}) {
  const started: ServerProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `alpenkube-${options.provider}-crash-`));
  const servers: { first?: ServerProcess } = {};
  // The provider has the cluster; the platform dies before it hears the answer.
  const double = await options.startDouble(() => void servers.first?.child.kill('SIGKILL'));
  onTestFinished(async () => {
    await Promise.all(started.map((server) => server.kill()));
    await double.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer() {
    const server = spawnServer({
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      ...options.env(double),
    });
    started.push(server);
    await server.ready;
    return server;
  }

  const first = await startServer();
  servers.first = first;
  const caller = await signInProcess(first.url, 'newcomer');
  await saveTestCard(caller);
  const { clusterId } = await orderAndPayCluster(caller, {
    name: 'crash',
    tier: 'blue',
    provider: options.provider,
    region: options.region,
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
  expect(options.creates()).toBe(1);
  expect(second.output()).not.toContain(options.secret);
}
