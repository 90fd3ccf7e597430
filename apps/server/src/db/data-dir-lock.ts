import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another server (pid ${pid}). ` +
        'Stop that server, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process, the way PostgreSQL's postmaster.pid does, and a lock
 * left by a process that no longer runs (a crash, a SIGKILL) is taken over. PGlite itself takes
 * no lock, and two processes writing one directory would corrupt it.
 *
 * The lock appears whole or not at all: its content is written to a file of our own first, then
 * hard-linked to the lock's name, which fails if a lock exists. (Creating the lock and then
 * writing into it would let a second server read it empty, take it for stale and start too.)
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'server.lock');
  const content = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    at: new Date(),
    nonce: crypto.randomBytes(8).toString('hex'),
  });
  const draft = uniqueSibling(lockPath, 'new');
  fs.writeFileSync(draft, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        fs.linkSync(draft, lockPath);
        return releaser(lockPath, content);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = readLock(lockPath);
      if (held === undefined) continue; // released in the meantime: try again
      const holder = holderPid(held);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dir, holder);
      }
      removeIfStill(lockPath, held);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

/** Removes the lock only if it is still ours: a takeover may have replaced a stale one of ours. */
function releaser(lockPath: string, content: string): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    removeIfStill(lockPath, content);
  };
}

/**
 * Removes the lock file if it still holds `content`. The file is first renamed away (atomic), and
 * only then compared: had another server replaced it between our read and the rename, we would
 * be holding its live lock, which is put back at once. Deleting by name instead would let two
 * servers that both saw the same stale lock each delete the other's fresh one.
 */
function removeIfStill(lockPath: string, content: string) {
  const moved = uniqueSibling(lockPath, 'old');
  try {
    fs.renameSync(lockPath, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readLock(moved) !== content) fs.linkSync(moved, lockPath);
  } finally {
    fs.rmSync(moved, { force: true });
  }
}

const uniqueSibling = (lockPath: string, kind: string) =>
  `${lockPath}.${kind}-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;

function readLock(lockPath: string): string | undefined {
  try {
    return fs.readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The pid a lock names; null when it names none (a file from an older version, or garbage). */
function holderPid(content: string): number | null {
  try {
    const { pid } = JSON.parse(content) as { pid?: unknown };
    return typeof pid === 'number' ? pid : null;
  } catch {
    return null;
  }
}
