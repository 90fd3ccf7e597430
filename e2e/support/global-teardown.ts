import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_STATE_FILE, EVENT_LOOP_LIMIT_MS, EVENT_LOOP_NOTE_MS, EVENT_LOOP_REPORT } from './env';

interface Stall {
  at: string;
  blockedMs: number;
  machineBusy: boolean;
  cause: string[];
}

/** The server's event-loop stalls of the run, as global-setup asked it to report them. */
function readStalls(dataDir: string): Stall[] {
  const file = join(dataDir, EVENT_LOOP_REPORT);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Stall);
}

const describe = (stall: Stall) =>
  `${stall.blockedMs} ms at ${stall.at}\n${stall.cause.map((line) => `    ${line}`).join('\n') || '    (no profile)'}`;

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function exited(pid: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (running(pid) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Stops the server that global-setup started and deletes its data directory; fails the run when
 * the server's event loop stalled for a second or more, naming the code that held it.
 */
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
  // It closes the database before its directory goes (its own shutdown gives up after 10 s).
  await exited(pid, 15_000);
  const stalls = readStalls(dataDir);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(E2E_STATE_FILE, { force: true });
  const longest = [...stalls].sort((a, b) => b.blockedMs - a.blockedMs);
  const over = longest.filter((stall) => stall.blockedMs >= EVENT_LOOP_LIMIT_MS);
  // A stall the server had no CPU for was the machine's (other processes had the cores): it
  // is reported, but only the server's own work fails the run.
  const ours = over.filter((stall) => !stall.machineBusy);
  console.log(
    `server event loop: ${stalls.length} stalls of ${EVENT_LOOP_NOTE_MS} ms or more, longest ` +
      `${longest[0]?.blockedMs ?? 0} ms; ${over.length} of ${EVENT_LOOP_LIMIT_MS} ms or more, ` +
      `${over.length - ours.length} of them while the machine was busy`,
  );
  if (ours.length > 0) {
    throw new Error(
      `The server's own work stalled its event loop ${ours.length} times for ` +
        `${EVENT_LOOP_LIMIT_MS} ms or more (every request waited meanwhile):\n` +
        ours.slice(0, 5).map(describe).join('\n'),
    );
  }
}
