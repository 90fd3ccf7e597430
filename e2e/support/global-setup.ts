import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  E2E_BASE_URL,
  E2E_PORT,
  E2E_STATE_FILE,
  EVENT_LOOP_NOTE_MS,
  EVENT_LOOP_REPORT,
} from './env';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHealth(deadline: number) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${E2E_BASE_URL}/api/health in time`);
}

/**
 * A server left on the port by an earlier run would answer the health check in place of the one
 * started here, and every spec would test it instead.
 */
async function refuseStaleServer() {
  const answered = await fetch(`${E2E_BASE_URL}/api/health`).then(
    () => true,
    () => false,
  );
  if (answered) {
    throw new Error(`Something already listens on ${E2E_BASE_URL}: stop it or set E2E_PORT`);
  }
}

/**
 * Builds the SPA (unless E2E_SKIP_BUILD=1), then starts the real server once, in development
 * mode, on a fresh data directory that the teardown deletes.
 */
export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  await refuseStaleServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'alpenkube-e2e-'));
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const server = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      // Every spec posts forms from 127.0.0.1: one network, far more than 10 submissions.
      PUBLIC_FORM_LIMIT: '1000',
      // The same for the mails those forms and registrations cause.
      MAIL_LIMIT_PER_IP: '1000',
      // Provisioning a small cluster takes about five seconds: long enough to watch it progress.
      PROVIDER_SIM_SPEED: '40',
      // Every stall of the event loop, with the code that caused it, for the teardown's check.
      EVENT_LOOP_WARN_MS: String(EVENT_LOOP_NOTE_MS),
      EVENT_LOOP_PROFILE: '1',
      EVENT_LOOP_REPORT: join(dataDir, EVENT_LOOP_REPORT),
    },
    stdio: ['ignore', log, log],
    detached: true,
  });
  server.unref();
  writeFileSync(E2E_STATE_FILE, JSON.stringify({ pid: server.pid, dataDir }));
  try {
    await waitForHealth(Date.now() + 90_000);
  } catch (error) {
    const tail = readFileSync(join(dataDir, 'server.log'), 'utf8')
      .split('\n')
      .slice(-20)
      .join('\n');
    throw new Error(`${(error as Error).message}\n--- server log ---\n${tail}`);
  }
}
