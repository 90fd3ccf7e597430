import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

/**
 * Runs Helmet once against a recording response and answers the headers it set. The set does
 * not depend on the request, so computing it per request (as the Fastify plugin does) is waste.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { scriptHashes: string[]; exchangeRateUrl: string },
) {
  const headers = helmetHeaders({
    // HSTS only makes sense over https; it is added below for https requests.
    strictTransportSecurity: false,
    // The same rule as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        // Radix and motion position and animate elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", new URL(options.exchangeRateUrl).origin],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
  });
  // JSON answers are never rendered as documents: a short policy that allows nothing is
  // stricter than the page's, and saves a kilobyte of headers on every API call.
  const apiHeaders = {
    'content-security-policy':
      "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    // Answers carry personal data (a two-factor secret, sessions, notifications): no browser or
    // proxy cache may keep them. A route that may be cached sets its own Cache-Control.
    'cache-control': 'no-store',
  };
  const hsts = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  const variants = {
    page: { http: headers, https: { ...headers, ...hsts } },
    api: { http: apiHeaders, https: { ...apiHeaders, ...hsts } },
  };
  app.addHook('onRequest', (request, reply, done) => {
    // The matched route, not the raw URL, which the router decodes (`/%61pi/…` is `/api/…`).
    const path = request.routeOptions.url ?? request.url;
    const kind = path.startsWith('/api/') ? 'api' : 'page';
    reply.headers(variants[kind][request.protocol === 'https' ? 'https' : 'http']);
    done();
  });
}
