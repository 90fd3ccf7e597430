import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the server under test listens; global-setup starts it there. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 5178);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** global-setup writes the server's pid and data directory here for the teardown. */
export const E2E_STATE_FILE = join(tmpdir(), `alpenkube-e2e-server-${E2E_PORT}.json`);
/**
 * The server reports each stall of its event loop of EVENT_LOOP_NOTE_MS or more to this file in
 * its data directory; a stall of EVENT_LOOP_LIMIT_MS or more fails the run (every request waited
 * that long, which is how end-to-end tests time out by chance).
 */
export const EVENT_LOOP_REPORT = 'event-loop-stalls.jsonl';
export const EVENT_LOOP_NOTE_MS = 250;
export const EVENT_LOOP_LIMIT_MS = 1000;
