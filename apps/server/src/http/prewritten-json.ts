import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsEncoding } from './accept-encoding.ts';

/** Below this, compressing costs the client more than the bytes it saves. */
const GZIP_FROM_BYTES = 8 * 1024;

/** An answer that changes rarely: its JSON written once, and a strong ETag of it. */
export interface PrewrittenJson<T> {
  value: T;
  json: string;
  etag: string;
  /** The JSON gzipped, made on the first ask that accepts it (large answers only). */
  gzip?: Buffer;
}

export function prewrittenJson<T>(value: T): PrewrittenJson<T> {
  const json = JSON.stringify(value);
  const etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { value, json, etag };
}

/** A route's serializer that lets prewritten JSON through as it is (a Buffer is never serialised). */
export const passPrewrittenJson = () => (data: unknown) =>
  typeof data === 'string' ? data : JSON.stringify(data);

/**
 * Answers prewritten JSON. Browsers and proxies may keep it but must ask again (no-cache):
 * the ETag makes that ask a 304 without a body. A large one (the OpenAPI document, about a
 * megabyte) goes gzipped to a client that accepts it, compressed once rather than per answer.
 */
export function answerPrewritten<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: PrewrittenJson<T>,
) {
  reply.header('cache-control', 'public, no-cache').header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (entry.json.length < GZIP_FROM_BYTES) return reply.send(entry.json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsEncoding(request, 'gzip')) return reply.send(entry.json);
  entry.gzip ??= zlib.gzipSync(entry.json);
  return reply.header('content-encoding', 'gzip').send(entry.gzip);
}
