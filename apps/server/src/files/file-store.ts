import { Transform, type Readable } from 'node:stream';

/**
 * Where files too large for a row live (ticket attachments, invoices' usage CSVs): a directory
 * under DATA_DIR for one instance, an S3-compatible bucket for several. Bytes always stream:
 * no implementation holds a whole file in memory or sends it in one query.
 */
export interface FileStore {
  /** `directory` or `s3`: said in the start-up log line. */
  readonly description: string;
  /**
   * Writes `source` under `key`, failing with `FileTooLargeError` past `maxBytes` (or with the
   * source's own error). A failed put leaves nothing under the key; a put that resolves left the
   * whole file there, replacing any file of that key.
   */
  put(key: string, source: Readable, options: { maxBytes: number }): Promise<{ sizeBytes: number }>;
  /** The file's bytes as a stream, or null when there is no file under the key. */
  get(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  stat(key: string): Promise<{ sizeBytes: number } | null>;
  /** Removes the file; a key without a file is not an error. */
  delete(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
  }
}

/**
 * Keys are made by the platform (`attachments/<uuid>`, `invoices/12/usage.csv`), never from a
 * name someone typed; this shape keeps any key inside the store's directory or prefix.
 */
const KEY_SHAPE = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function assertValidKey(key: string): void {
  if (!KEY_SHAPE.test(key) || key.length > 200) throw new Error(`Not a file store key: ${key}`);
}

/** Passes bytes through and fails the stream as soon as they go past `maxBytes`. */
export function sizeCap(maxBytes: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.defineProperty(cap, 'bytes', { get: () => bytes }) as Transform & {
    readonly bytes: number;
  };
}
