import { existsSync, readFileSync, rmSync } from 'node:fs';
import { E2E_STATE_FILE } from './env';

/** Stops the server that global-setup started and deletes its data directory. */
export default async function globalTeardown() {
  if (!existsSync(E2E_STATE_FILE)) return;
  const { pid, dataDir } = JSON.parse(readFileSync(E2E_STATE_FILE, 'utf8')) as {
    pid: number;
    dataDir: string;
  };
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  // Give it a moment to close the database before its directory goes.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(E2E_STATE_FILE, { force: true });
}
