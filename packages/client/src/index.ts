import createClient, { type Client } from 'openapi-fetch';
import { orderRoutes } from './order-routes.ts';
import type { paths } from './schema.d.ts';

export type { paths, components, operations } from './schema.d.ts';

/** A refusal of the API: its status and the `{message}` it answered. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface AlpenkubeClientOptions {
  /** The platform, e.g. https://alpenkube.example.com (the client adds the API's own paths). */
  baseUrl: string;
  /** A personal API token (ak_…), sent as `Authorization: Bearer`. */
  token?: string;
  /** How many times an idempotent call is sent again after a 429 or a 503; 3 by default. */
  retries?: number;
  /** The longest wait before a retry, whatever Retry-After asks; 30 s by default. */
  maxRetryDelayMs?: number;
  fetch?: (request: Request) => Promise<Response>;
  /** How the client waits between attempts (tests pass a clock of their own). */
  sleep?: (ms: number) => Promise<void>;
}

export type AlpenkubeClient = Client<paths>;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const RETRIED_STATUSES = new Set([429, 503]);

/** Seconds or an HTTP date, as Retry-After may say; 1 s when it says nothing usable. */
export function retryDelayMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  return 1000;
}

/** The order-placing route a request goes to, by the generated list of routes with a key. */
function placesOrder(method: string, schemaPath: string) {
  return orderRoutes.includes(`${method} ${schemaPath}`);
}

async function errorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself (a proxy's page, say).
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `${response.status} ${response.statusText || 'error'}`.trim();
  return new ApiError(response.status, message, body);
}

/**
 * A typed client for the whole Alpenkube API (`client.GET('/api/clusters')` and so on, typed by
 * the generated `paths`). Idempotent calls, and orders sent with their Idempotency-Key, are sent
 * again on 429 and 503 after the Retry-After the server asked for (bounded); every order placed
 * carries an Idempotency-Key (a new one unless the caller gives its own); any answer that is not
 * a success throws an `ApiError` with the API's message.
 */
export function createAlpenkubeClient(options: AlpenkubeClientOptions): AlpenkubeClient {
  const retries = options.retries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));

  const retrying = async (request: Request): Promise<Response> => {
    const repeatable = IDEMPOTENT.has(request.method) || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const response = await send(repeatable ? request.clone() : request);
      if (!repeatable || attempt >= retries || !RETRIED_STATUSES.has(response.status)) {
        return response;
      }
      await response.body?.cancel();
      await sleep(Math.min(maxDelay, retryDelayMs(response.headers.get('retry-after'))));
    }
  };

  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    fetch: retrying,
  });
  client.use({
    onRequest({ request, schemaPath }) {
      if (placesOrder(request.method, schemaPath) && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', crypto.randomUUID());
      }
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw await errorOf(response);
      return undefined;
    },
  });
  return client;
}
