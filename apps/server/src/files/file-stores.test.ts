import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Double, type S3Double } from '../../test/support/s3-double.ts';
import { createDirectoryFileStore } from './directory-file-store.ts';
import { FileTooLargeError, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

const MB = 1024 * 1024;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `size` bytes in 64 KB chunks, never whole in memory; fails after `failAt` bytes. */
function generated(size: number, failAt?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < size; sent += 64 * 1024) {
        if (failAt !== undefined && sent >= failAt) throw new Error('the client went away');
        yield Buffer.alloc(Math.min(64 * 1024, size - sent), sent % 251);
      }
    })(),
  );
}

/** What every store promises, run against each. */
function storeContract(
  name: string,
  setup: () => { store: () => FileStore; leftovers: () => number },
) {
  describe(name, () => {
    const { store, leftovers } = setup();

    it('keeps, stats, streams back and deletes a file', async () => {
      const data = Buffer.from('2026-11-24 kubelet: node not ready\n');
      expect(
        await store().put('attachments/ab/one', Readable.from([data]), { maxBytes: 100 }),
      ).toEqual({
        sizeBytes: data.length,
      });
      expect(await store().stat('attachments/ab/one')).toEqual({ sizeBytes: data.length });
      const file = await store().get('attachments/ab/one');
      expect(file!.sizeBytes).toBe(data.length);
      expect((await bytesOf(file!.stream)).equals(data)).toBe(true);
      await store().delete('attachments/ab/one');
      expect(await store().stat('attachments/ab/one')).toBeNull();
      expect(await store().get('attachments/ab/one')).toBeNull();
      await store().delete('attachments/ab/one');
    });

    it('streams a file larger than one part in and out', async () => {
      const size = 12 * MB + 3;
      expect(
        await store().put('invoices/7/usage.csv', generated(size), { maxBytes: 20 * MB }),
      ).toEqual({
        sizeBytes: size,
      });
      const file = await store().get('invoices/7/usage.csv');
      expect((await bytesOf(file!.stream)).equals(await bytesOf(generated(size)))).toBe(true);
    });

    it('keeps nothing of a file past its cap or whose source fails, nor of a replaced one', async () => {
      await expect(
        store().put('attachments/cd/big', generated(11 * MB), { maxBytes: 10 * MB }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(
        store().put('attachments/cd/cut', generated(7 * MB, 6 * MB), { maxBytes: 10 * MB }),
      ).rejects.toThrow('the client went away');
      expect(await store().stat('attachments/cd/big')).toBeNull();
      expect(await store().stat('attachments/cd/cut')).toBeNull();
      expect(leftovers()).toBe(0);
    });

    it('refuses a key that could leave its place', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a//b', 'A/b', 'a/../b']) {
        await expect(store().put(key, Readable.from([]), { maxBytes: 1 })).rejects.toThrow(
          'Not a file store key',
        );
      }
    });
  });
}

describe('file stores', () => {
  let root: string;
  let s3: S3Double;
  const saved = { ...process.env };
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-'));
    s3 = await startS3Double({ accessKeyId: 'test-key' });
    // The SDK's usual credential chain: the environment.
    process.env.AWS_ACCESS_KEY_ID = 'test-key';
    process.env.AWS_SECRET_ACCESS_KEY = 'test-secret';
  });
  afterAll(async () => {
    process.env = saved;
    await s3.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  let directory: FileStore | undefined;
  storeContract('a directory', () => ({
    store: () => (directory ??= createDirectoryFileStore(path.join(root, 'files'))),
    leftovers: () => fs.readdirSync(path.join(root, 'files/.partial')).length,
  }));

  let bucket: FileStore | undefined;
  storeContract('an S3-compatible bucket', () => ({
    store: () =>
      (bucket ??= createS3FileStore({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: 'eu-west-3',
        forcePathStyle: true,
        prefix: 'alpenkube/',
      })),
    leftovers: () => s3.uploads.size,
  }));

  it('sends large files to the bucket in parts under its prefix, and aborts a refused one', () => {
    expect([...s3.objects.keys()]).not.toContain('attachments/ab/one');
    expect(s3.operations).toContain('CompleteMultipartUpload');
    expect(s3.operations).toContain('AbortMultipartUpload');
    expect(s3.operations.filter((op) => op === 'PutObject').length).toBeGreaterThan(0);
    expect([...s3.objects.keys()]).toEqual(['alpenkube/invoices/7/usage.csv']);
  });

  it('writes a directory store owner-only and shows a file only once it is whole', async () => {
    const store = createDirectoryFileStore(path.join(root, 'private'));
    const source = new PassThrough();
    const writing = store.put('attachments/ef/slow', source, { maxBytes: MB });
    source.write(Buffer.alloc(1000, 0x61));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await store.stat('attachments/ef/slow')).toBeNull();
    source.end(Buffer.alloc(1000, 0x61));
    await writing;
    expect(await store.stat('attachments/ef/slow')).toEqual({ sizeBytes: 2000 });
    expect(fs.statSync(path.join(root, 'private')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(root, 'private/attachments/ef')).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(root, 'private/attachments/ef/slow')).mode & 0o777).toBe(0o600);
  });
});
