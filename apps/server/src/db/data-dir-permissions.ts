import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** No bit for the group or others: what the data directory's entries must never have. */
const SHARED_BITS = 0o077;

/**
 * The mask a process keeps its new files private with: files 0600, directories 0700, whatever
 * mode their creator asks for (PGlite asks for 0666).
 */
export const PRIVATE_UMASK = 0o077;

export class DataDirPermissionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirPermissionError';
  }
}

/**
 * The data directory holds the whole embedded database (password hashes, sessions, token hashes,
 * sealed secrets) and the Kubernetes API's private key: no other local user may read or write
 * any of it. Creates the directory when `create` asks for it, then takes the group's and others'
 * bits off every entry (directories become 0700, files 0600) and answers how many it changed, so
 * the start can say so. An entry of another user cannot be made private by this one: a
 * DataDirPermissionError says what to do. Symbolic links are left alone (their target is not
 * ours to change). Runs once at start, before the database opens.
 */
export function makeDataDirPrivate(dir: string, options: { create: boolean }): number {
  if (options.create) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  else if (!fs.existsSync(dir)) return 0;
  const uid = process.getuid?.();
  let changed = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const stat = statIfPresent(entry);
    if (!stat || stat.isSymbolicLink()) continue;
    if (uid !== undefined && stat.uid !== uid) {
      throw new DataDirPermissionError(
        `${entry} in the data directory belongs to user ${stat.uid}, not to this server's user ` +
          `(${uid}), so it cannot be made private. Run the server as the directory's owner, ` +
          `or give it to this user (chown -R ${uid} ${dir}).`,
      );
    }
    if (stat.mode & SHARED_BITS) {
      fs.chmodSync(entry, stat.mode & 0o700);
      changed += 1;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) pending.push(path.join(entry, name));
    }
  }
  return changed;
}

/** An entry gone since its directory was read (a draft renamed into place) needs nothing. */
function statIfPresent(entry: string): fs.Stats | null {
  try {
    return fs.lstatSync(entry);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * PGlite's file system gives each file it creates the mode PostgreSQL asks for with an explicit
 * chmod, which no umask narrows (PostgreSQL asks 0644 for its relation cache files). Every mode
 * it sets from now on loses the group's and others' bits. The files PGlite unpacks while it
 * starts are older than this hook: `makeDataDirPrivate` after the start covers those.
 */
export function keepEmbeddedFilesPrivate(client: PGlite) {
  const fileSystem = (client as unknown as { mod?: { FS?: EmscriptenChmod } }).mod?.FS;
  if (!fileSystem?.doChmod)
    throw new Error('PGlite file system not recognised: cannot keep it private');
  const setMode = fileSystem.doChmod.bind(fileSystem);
  fileSystem.doChmod = (stream, node, mode, dontFollow) =>
    setMode(stream, node, mode & ~SHARED_BITS, dontFollow);
}

interface EmscriptenChmod {
  doChmod?: (stream: unknown, node: unknown, mode: number, dontFollow?: boolean) => void;
}
