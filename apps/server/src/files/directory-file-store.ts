import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, sizeCap, type FileStore } from './file-store.ts';

/** Where files are written before they get their name; a crash leaves them here, not as files. */
const PARTIAL_DIR = '.partial';
/** A partial file this old belongs to no write still running (a request gives up long before). */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Makes the rename of a file into `directory` survive a power cut. */
async function syncDirectory(directory: string) {
  const handle = await fs.promises.open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files in a directory (by default DATA_DIR/files), readable by the server's user only: the
 * directory is 0700 and each file 0600. A file is written under `.partial/`, flushed to disk,
 * then renamed to its key, so a half-written file is never visible under a key.
 */
export function createDirectoryFileStore(root: string): FileStore {
  const partialDir = path.join(root, PARTIAL_DIR);
  fs.mkdirSync(partialDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(root, 0o700);
  const pathOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, key);
  };
  void forgetStalePartials(partialDir);

  return {
    description: `directory ${root}`,

    async put(key, source, { maxBytes }) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const partial = path.join(partialDir, crypto.randomUUID());
      const cap = sizeCap(maxBytes);
      // Opened before any byte is read: a stream opened by the pipeline could still be opening
      // when a source refused at once fails it, and create the file after the clean-up below.
      const handle = await fs.promises.open(partial, 'wx', 0o600);
      try {
        await pipeline(
          source,
          cap,
          // flush: fsync before close, so the file is on disk before any row names it.
          handle.createWriteStream({ flush: true }),
        );
        await fs.promises.rename(partial, target);
      } catch (error) {
        await handle.close().catch(() => {});
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
      await syncDirectory(path.dirname(target));
      return { sizeBytes: cap.bytes };
    },

    async get(key) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { stream: handle.createReadStream(), sizeBytes: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      try {
        const { size } = await fs.promises.stat(pathOf(key));
        return { sizeBytes: size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}

/** Removes what writes cut short by a crash left behind; never a write still running. */
async function forgetStalePartials(partialDir: string) {
  try {
    const names = await fs.promises.readdir(partialDir);
    const now = Date.now();
    for (const name of names) {
      const file = path.join(partialDir, name);
      const { mtimeMs } = await fs.promises.stat(file).catch(() => ({ mtimeMs: now }));
      if (now - mtimeMs > STALE_PARTIAL_MS) await fs.promises.rm(file, { force: true });
    }
  } catch {
    // Best effort: a leftover partial file takes space, nothing more.
  }
}
