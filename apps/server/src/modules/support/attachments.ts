import { isUtf8 } from 'node:buffer';
import crypto from 'node:crypto';
import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  type attachmentTypes,
} from '@alpenkube/contract';
import type { FileStore } from '../../files/file-store.ts';
import { badRequest, type HttpError } from '../../lib/http-error.ts';

export type AttachmentType = (typeof attachmentTypes)[number];

/** A file checked and written to the file store, not yet named by any row. */
export interface ReceivedFile {
  fileName: string;
  contentType: AttachmentType;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/**
 * Executables and archives whose first bytes could pass as text (ELF's are printable): refused
 * even when a file is cut short. A Windows .exe or a gzip holds control bytes and fails below.
 */
const BINARY_SIGNATURES = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal, Java class
  [0x50, 0x4b, 0x03, 0x04], // zip, jar, docx
];

/** The longest magic number looked at (WebP's RIFF....WEBP). */
const HEAD_BYTES = 12;

/**
 * Text a person or a program logs: no control bytes but tab, line and form feeds, carriage
 * return (0x09 to 0x0d) and ESC (colours). An indexed loop: it runs over every byte of a log.
 */
function hasOnlyTextBytes(chunk: Buffer): boolean {
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i]!;
    if (b < 0x20 && (b < 0x09 || (b > 0x0d && b !== 0x1b))) return false;
  }
  return true;
}

/** An image's or a PDF's type from its first bytes; 'binary' for a known executable or archive. */
function magicType(head: Buffer): AttachmentType | 'binary' | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39)) {
    return 'image/gif';
  }
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (BINARY_SIGNATURES.some((signature) => startsWith(head, signature))) return 'binary';
  return null;
}

/**
 * Types a file's bytes as they stream past: images and PDF by their magic numbers, text as
 * valid UTF-8 without control bytes other than whitespace and ESC (logs, YAML, JSON), checked
 * over every byte. The name and the browser's claim are never asked: a `.png` of PDF bytes is a
 * PDF. `type` is set once the stream has ended; null is a type we do not accept.
 */
class TypeSniffer {
  private head = Buffer.alloc(0);
  private magic: AttachmentType | 'binary' | null | undefined;
  private text = true;
  /** The last bytes of a character that the next chunk completes. */
  private carry = Buffer.alloc(0);

  /** Looks at the next bytes; false as soon as they cannot be an accepted type. */
  push(chunk: Buffer): boolean {
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES) this.magic = magicType(this.head);
    }
    if (this.magic === 'binary') return false;
    // An image or a PDF: its first bytes said so, the rest is not read as text.
    if (this.magic) return true;
    if (this.text) this.text = this.isText(chunk, true);
    // Until the first bytes are all in, a failed text check may still be an image.
    return this.magic === undefined || this.text;
  }

  end(): AttachmentType | null {
    this.magic ??= magicType(this.head);
    if (this.magic === 'binary') return null;
    if (this.magic) return this.magic;
    return this.text && this.head.length > 0 && this.isText(Buffer.alloc(0), false)
      ? 'text/plain'
      : null;
  }

  /** Checks the bytes as UTF-8 text without decoding them (no string per chunk). */
  private isText(chunk: Buffer, stream: boolean): boolean {
    if (!hasOnlyTextBytes(chunk)) return false;
    const bytes = this.carry.length ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = stream ? bytes.length - incompleteTail(bytes) : bytes.length;
    this.carry = Buffer.from(bytes.subarray(whole));
    return isUtf8(bytes.subarray(0, whole));
  }
}

/** How many bytes at the end begin a UTF-8 character that is not complete yet. */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue;
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/** The type of a whole file's bytes (the same rules as an upload's stream). */
export function sniffType(data: Buffer): AttachmentType | null {
  const sniffer = new TypeSniffer();
  sniffer.push(data);
  return sniffer.end();
}

/**
 * Unicode direction controls: with them `r\u202Eftp.exe` shows as `rexe.ptf`, an executable
 * posing as something else. They have no place in a file name.
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/**
 * A name safe in a Content-Disposition header and in a list: no path, no control characters,
 * no direction controls.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base.replace(DIRECTION_CONTROLS, '')]
    .filter((c) => c > '\u001f' && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'attachment';
}

const notAccepted = (name: string) =>
  badRequest(
    `${name}: not an image (PNG, JPEG, GIF, WebP), a PDF or a text file; its content is something else`,
  );
const tooLarge = (name: string) =>
  badRequest(`${name}: larger than ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB`);

/**
 * Checks a file while it streams to the store: its size (10 MB, and what the sender's quota
 * leaves), its type, its SHA-256. It fails the stream at the first byte that breaks a rule, so
 * the store keeps nothing of a refused file.
 */
class AttachmentInspector extends Transform {
  sizeBytes = 0;
  contentType: AttachmentType | null = null;
  sha256 = '';
  private readonly hash = crypto.createHash('sha256');
  private readonly sniffer = new TypeSniffer();

  constructor(
    private readonly name: string,
    private readonly room: { bytes: number; refuse: (name: string) => HttpError },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.sizeBytes += chunk.length;
    if (this.sizeBytes > ATTACHMENT_MAX_BYTES) return callback(tooLarge(this.name));
    if (this.sizeBytes > this.room.bytes) return callback(this.room.refuse(this.name));
    if (!this.sniffer.push(chunk)) return callback(notAccepted(this.name));
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback) {
    if (this.sizeBytes === 0) return callback(badRequest(`${this.name}: the file is empty`));
    this.contentType = this.sniffer.end();
    this.sha256 = this.hash.digest('hex');
    callback(this.contentType ? null : notAccepted(this.name));
  }
}

/** A new key for an attachment: random, spread over 256 folders. */
const attachmentKey = () => {
  const id = crypto.randomUUID();
  return `attachments/${id.slice(0, 2)}/${id}`;
};

/** What the sender may still upload past the per-message rules, decided before any byte is read. */
export interface FileAllowance {
  /** Files this message may carry (the ticket's cap on files). */
  files: number;
  refuseFile(name: string): HttpError;
  /** Bytes the sender may still store (their quota's and their organization's room). */
  bytes: number;
  refuseBytes(name: string): HttpError;
}

/**
 * Streams one file into the store through the checks; answers what was stored. A refused file
 * leaves nothing in the store.
 */
export async function storeAttachment(
  store: FileStore,
  fileName: string,
  source: Readable,
  room: { bytes: number; refuse: (name: string) => HttpError } = {
    bytes: ATTACHMENT_MAX_BYTES,
    refuse: tooLarge,
  },
): Promise<ReceivedFile> {
  const name = cleanFileName(fileName);
  const inspector = new AttachmentInspector(name, room);
  const storageKey = attachmentKey();
  await store.put(
    storageKey,
    pipeline(source, inspector, () => {}),
    { maxBytes: ATTACHMENT_MAX_BYTES },
  );
  return {
    fileName: name,
    contentType: inspector.contentType!,
    sizeBytes: inspector.sizeBytes,
    sha256: inspector.sha256,
    storageKey,
  };
}

/** Deletes files written for a message that was refused or rolled back. */
export async function discardFiles(store: FileStore, files: readonly ReceivedFile[]) {
  await Promise.all(files.map((file) => store.delete(file.storageKey).catch(() => {})));
}

/** The stream with its first chunk read, or null when it has none. */
async function unlessEmpty(stream: Readable): Promise<Readable | null> {
  const chunks = stream[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done) return null;
  return Readable.from(
    (async function* () {
      yield first.value as Buffer;
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        yield next.value as Buffer;
      }
    })(),
  );
}

/** Field names whose values repeat (checkboxes): kept as arrays. */
const LIST_FIELDS = new Set(['compliance']);

/**
 * Reads a multipart request: its text fields, and its files streamed one by one into the file
 * store, each checked on the way (never whole in memory). `admitFiles` is asked once, before
 * the first file's bytes are read: it refuses a sender who may not upload and says how much
 * room is left. On any refusal the files already written are deleted, so a refused request
 * leaves nothing behind.
 */
export async function readMultipart(
  request: FastifyRequest,
  store: FileStore,
  admitFiles: () => Promise<FileAllowance>,
): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the form as multipart/form-data (fields and files)');
  }
  const fields: Record<string, string | string[]> = {};
  const files: ReceivedFile[] = [];
  let allowance: FileAllowance | undefined;
  let fileCount = 0;
  try {
    for await (const part of request.parts({
      limits: {
        // One over the limit, so the sixth file is seen and refused by name.
        files: ATTACHMENT_MAX_FILES + 1,
        fileSize: ATTACHMENT_MAX_BYTES + 1,
        fields: 30,
        fieldSize: 64 * 1024,
      },
    })) {
      if (part.type === 'file') {
        // A body cut short inside this part: the parser gave up on it before handing it over.
        if (part.file.destroyed) throw badRequest('The form data could not be read');
        // Held from here, before anything is awaited: a part the parser gives up on meanwhile
        // fails the store's write instead of leaving it waiting for the rest.
        const held = pipeline(part.file, new PassThrough(), () => {});
        // A file input left empty still sends a part, nameless and without bytes.
        const source = part.filename ? held : await unlessEmpty(held);
        if (!source) continue;
        fileCount += 1;
        const name = cleanFileName(part.filename);
        if (fileCount > ATTACHMENT_MAX_FILES) {
          throw badRequest(`${name}: at most ${ATTACHMENT_MAX_FILES} files per message`);
        }
        allowance ??= await admitFiles();
        if (fileCount > allowance.files) throw allowance.refuseFile(name);
        const used = files.reduce((sum, file) => sum + file.sizeBytes, 0);
        files.push(
          await storeAttachment(store, name, source, {
            bytes: allowance.bytes - used,
            refuse: allowance.refuseBytes,
          }),
        );
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (LIST_FIELDS.has(part.fieldname)) {
          const list = fields[part.fieldname];
          fields[part.fieldname] = Array.isArray(list) ? [...list, value] : [value];
        } else {
          fields[part.fieldname] = value;
        }
      }
    }
  } catch (error) {
    await discardFiles(store, files);
    throw multipartRefusal(error);
  }
  return { fields, files };
}

/** The parser's complaints as 400s; anything else as it was. */
function multipartRefusal(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return badRequest('Too many form fields');
  }
  if (code === 'FST_FILES_LIMIT') {
    return badRequest(`At most ${ATTACHMENT_MAX_FILES} files per message`);
  }
  // The parser's own complaints (a boundary it cannot find, a body cut short) are plain
  // Errors whose message starts with "Multipart:" or "Unexpected end of form".
  const message = error instanceof Error ? error.message : '';
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    code === 'FST_PROTO_VIOLATION' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /^(Multipart:|Unexpected end of (form|multipart))/.test(message) ||
    /terminated early/.test(message)
  ) {
    return badRequest('The form data could not be read');
  }
  return error;
}
