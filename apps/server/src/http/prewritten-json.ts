import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer that changes rarely: its JSON written once, and a strong ETag of it. */
export interface PrewrittenJson<T> {
  value: T;
  json: string;
  etag: string;
}

export function prewrittenJson<T>(value: T): PrewrittenJson<T> {
  const json = JSON.stringify(value);
  const etag = `"${crypto.createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { value, json, etag };
}

/** A route's serializer that lets prewritten JSON through as it is. */
export const passPrewrittenJson = () => (data: unknown) =>
  typeof data === 'string' ? data : JSON.stringify(data);

/**
 * Answers prewritten JSON. Browsers and proxies may keep it but must ask again (no-cache):
 * the ETag makes that ask a 304 without a body.
 */
export function answerPrewritten<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: PrewrittenJson<T>,
) {
  reply.header('cache-control', 'public, no-cache').header('etag', entry.etag);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.json);
}
