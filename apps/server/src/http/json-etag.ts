import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Past this size an answer is streamed or a file: no hash of it is kept. */
const MAX_HASHED_BYTES = 2 * 1024 * 1024;

/**
 * Every JSON answer to a GET under /api/ carries a weak ETag of its body, and a client that
 * sends it back in If-None-Match while the answer is unchanged gets a 304 without a body: a
 * script or the command-line tool polling a list pays for the bytes only when it changed.
 * Browsers keep nothing (the API's `Cache-Control: no-store` stands), so no person's data
 * lands in a disk cache; a route that sets its own ETag keeps it.
 */
export function registerJsonEtags(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' || payload.length > MAX_HASHED_BYTES) return payload;
    const path = request.routeOptions.url ?? request.url;
    if (reply.hasHeader('etag') || !path.startsWith('/api/')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    const tag = `W/"${crypto.createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((one) => one.trim() === tag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
