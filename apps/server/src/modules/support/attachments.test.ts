import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDirectoryFileStore } from '../../files/directory-file-store.ts';
import type { FileStore } from '../../files/file-store.ts';
import { HttpError } from '../../lib/http-error.ts';
import { cleanFileName, sniffType, storeAttachment } from './attachments.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('attachment types, from the bytes', () => {
  it('knows images and PDF by their magic numbers, whatever the name', () => {
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a\u0001\u0000'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(Buffer.from('%PDF-1.4\n'))).toBe('application/pdf');
  });

  it('takes UTF-8 text without NUL as text, and nothing else', () => {
    expect(sniffType(Buffer.from('kubelet: node “gpu-1” not ready ✓\n'))).toBe('text/plain');
    expect(sniffType(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1))).toBeNull(); // ELF
    expect(sniffType(bytes(0x4d, 0x5a, 0x90, 0x00))).toBeNull(); // MZ (.exe)
    expect(sniffType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull(); // zip
    expect(sniffType(bytes(0xc3, 0x28))).toBeNull(); // invalid UTF-8
    expect(sniffType(Buffer.from('ends mid-character \u{1F600}').subarray(0, -1))).toBeNull();
    expect(sniffType(Buffer.from('text\u0000with a NUL'))).toBeNull();
  });

  it('keeps a file name safe for a header and a list: no path, no controls, no direction overrides', () => {
    expect(cleanFileName('C:\\Users\\me\\"evil"\r\nname.log')).toBe('evilname.log');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('')).toBe('attachment');
    expect(cleanFileName('r\u202Eftp.exe')).toBe('rftp.exe');
    expect(cleanFileName('\u2067report\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.pdf')).toBe(
      'report.pdf',
    );
    expect(cleanFileName('\u202E')).toBe('attachment');
  });
});

describe('storing an attachment as it streams', () => {
  let root: string;
  let store: FileStore;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'attachments-'));
    store = createDirectoryFileStore(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** Every file the store holds, partial ones included. */
  const filesIn = (dir = root): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? filesIn(path.join(dir, entry.name))
          : [path.relative(root, path.join(dir, entry.name))],
      );

  /** The chunks as a stream, the way a request's body arrives. */
  const streamOf = (...chunks: Buffer[]) => Readable.from(chunks);

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }

  it('types the bytes, not the name, hashes them and keeps them under a random key', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
    const stored = await storeAttachment(
      store,
      'photo\u202Egnp.png',
      streamOf(pdf.subarray(0, 3), pdf.subarray(3)),
    );
    expect(stored).toMatchObject({
      fileName: 'photognp.png',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
    });
    expect(stored.storageKey).toMatch(/^attachments\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    const file = await store.get(stored.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
  });

  it('checks text over every byte, across chunks, and keeps nothing of a refused file', async () => {
    const text = Buffer.from('é'.repeat(300_000));
    // A two-byte character cut between chunks is still text.
    const stored = await storeAttachment(
      store,
      'log.txt',
      streamOf(text.subarray(0, 1001), text.subarray(1001)),
    );
    expect(stored.contentType).toBe('text/plain');

    const late = await refusal(
      storeAttachment(
        store,
        'late.log',
        streamOf(Buffer.alloc(5_000_000, 0x61), bytes(0), Buffer.alloc(10, 0x61)),
      ),
    );
    expect(late.statusCode).toBe(400);
    expect(late.message).toMatch(/^late\.log: not an image/);
    const exe = await refusal(
      storeAttachment(store, 'setup.exe', streamOf(bytes(0x4d, 0x5a, 0x90, 0x00))),
    );
    expect(exe.message).toMatch(/^setup\.exe: not an image/);
    const elf = await refusal(
      storeAttachment(
        store,
        'tool',
        streamOf(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0x41, 0x41, 0x41, 0x41)),
      ),
    );
    expect(elf.message).toMatch(/^tool: not an image/);
    const empty = await refusal(storeAttachment(store, 'empty.txt', streamOf()));
    expect(empty.message).toBe('empty.txt: the file is empty');
    const big = await refusal(
      storeAttachment(
        store,
        'huge.log',
        streamOf(Buffer.alloc(6 * 1024 * 1024, 0x61), Buffer.alloc(4 * 1024 * 1024 + 1, 0x61)),
      ),
    );
    expect(big.message).toBe('huge.log: larger than 10 MB');

    expect(filesIn()).toEqual([stored.storageKey]);
  });

  it('refuses past the room a quota leaves, with the refusal it is given', async () => {
    const refused = await refusal(
      storeAttachment(store, 'a.log', streamOf(Buffer.alloc(2000, 0x61)), {
        bytes: 1000,
        refuse: (name) => new HttpError(413, `${name}: over quota`),
      }),
    );
    expect([refused.statusCode, refused.message]).toEqual([413, 'a.log: over quota']);
    expect(filesIn()).toEqual([]);
  });
});
