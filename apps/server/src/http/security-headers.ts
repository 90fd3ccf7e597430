import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** sha256 sources for the inline scripts of the built index.html (the theme-before-paint one). */
export function inlineScriptHashes(html: string | null): string[] {
  if (!html) return [];
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? '';
    if (body.trim()) {
      hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return hashes;
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { scriptHashes: string[]; exchangeRateUrl: string },
) {
  const rateOrigin = new URL(options.exchangeRateUrl).origin;
  await app.register(helmet, {
    // HSTS only makes sense over https; the hook below sends it there.
    hsts: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        // Radix and motion position and animate elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", rateOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
  });
}
