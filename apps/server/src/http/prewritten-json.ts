import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding.ts';

/** Below this, compressing costs the client more than the bytes it saves. */
const GZIP_FROM_BYTES = 8 * 1024;

const gzip = promisify(zlib.gzip);

/** JSON written once, and a strong ETag of it. */
export interface WrittenJson {
  json: string;
  /** The JSON as UTF-8, encoded once rather than per answer (large answers only). */
  bytes?: Buffer;
  etag: string;
  /** The JSON gzipped, made on the first ask that accepts it (large answers only). */
  gzip?: Buffer;
}

/** An answer that changes rarely: its value, its JSON written once, and a strong ETag of it. */
export interface PrewrittenJson<T> extends WrittenJson {
  value: T;
}

const strongEtag = (json: string) =>
  `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;

export function prewrittenJson<T>(value: T): PrewrittenJson<T> {
  const json = JSON.stringify(value);
  return { value, json, etag: strongEtag(json) };
}

/**
 * JSON written (and checked) elsewhere, ready for many asks: its ETag, and a large one gzipped
 * at once off the event loop (in libuv's pool), so no ask waits for the compression.
 */
export async function writtenJson(json: string): Promise<WrittenJson> {
  const entry: WrittenJson = { json, etag: strongEtag(json) };
  if (json.length >= GZIP_FROM_BYTES) {
    entry.bytes = Buffer.from(json);
    entry.gzip = await gzip(entry.bytes);
  }
  return entry;
}

/** A route's serializer that lets prewritten JSON through as it is (a Buffer is never serialised). */
export const passPrewrittenJson = () => (data: unknown) =>
  typeof data === 'string' ? data : JSON.stringify(data);

/**
 * Answers prewritten JSON. Browsers and proxies may keep a public one but must ask again
 * (no-cache); a private one (`shared: false`, an organization's data) keeps the API's no-store.
 * The ETag makes an ask that sends it back a 304 without a body (and spares the answer the
 * hash json-etag.ts would take of it per call). A large one (the OpenAPI document, about a
 * megabyte; a week of a cluster's metrics) goes gzipped to a client that accepts it,
 * compressed once rather than per answer.
 */
export function answerPrewritten(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: WrittenJson,
  { shared = true }: { shared?: boolean } = {},
) {
  if (shared) reply.header('cache-control', 'public, no-cache');
  reply.header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (entry.json.length < GZIP_FROM_BYTES) return reply.send(entry.json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsEncoding(request, 'gzip')) return reply.send(entry.bytes ?? entry.json);
  entry.gzip ??= zlib.gzipSync(entry.json);
  return reply.header('content-encoding', 'gzip').send(entry.gzip);
}
