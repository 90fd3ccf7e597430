import type { QueryFunction } from '@tanstack/react-query';
import type { AnyEndpoint, BodyOf, ParamsOf, ResponseOf } from '@alpenkube/contract/endpoints';

/** GET answers are reused for 5 minutes; above 100 entries up to 50 expired go. */
export const GET_CACHE_TTL_MS = 5 * 60 * 1000;
export const GET_CACHE_PRUNE_ABOVE = 100;
export const GET_CACHE_PRUNE_MAX = 50;

/**
 * A failed (non-OK) answer; `status` lets callers tell 401 from other failures, and `issues`
 * holds the body's `issues` (a 400 for a refused body lists them per field), unchecked.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: unknown;
  constructor(message: string, status: number, issues?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
  }
}

type CacheEntry = { data: unknown; storedAt: number };
const getCache = new Map<string, CacheEntry>();

function isFresh(entry: CacheEntry, now: number) {
  return now - entry.storedAt < GET_CACHE_TTL_MS;
}

/** Drops at most 50 expired entries, and only once the cache holds more than 100. */
export function pruneGetCache(now = Date.now()) {
  if (getCache.size <= GET_CACHE_PRUNE_ABOVE) return;
  let removed = 0;
  for (const [key, entry] of getCache) {
    if (removed >= GET_CACHE_PRUNE_MAX) break;
    if (!isFresh(entry, now)) {
      getCache.delete(key);
      removed += 1;
    }
  }
}

export function clearGetCache() {
  getCache.clear();
}

export function getCacheSize() {
  return getCache.size;
}

/**
 * Reads a body by these rules: 204 or empty → {}; text that is not JSON → [] when the
 * path names users or clusters (those callers expect lists), else {}.
 */
export function parseBodyText(text: string, status: number, url: string): unknown {
  if (status === 204 || text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return /users|clusters/.test(url) ? [] : {};
  }
}

function fieldOf(body: unknown, field: 'message' | 'error' | 'issues'): unknown {
  if (body && typeof body === 'object' && field in body) {
    return (body as Record<string, unknown>)[field];
  }
  return undefined;
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The first usable text of: message field, error field (string or JSON text), raw body. */
function messageFromBody(text: string): string | undefined {
  const body = parseJsonOrUndefined(text);
  const message = fieldOf(body, 'message');
  if (typeof message === 'string' && message) return message;
  const error = fieldOf(body, 'error');
  if (typeof error === 'string' && error) return error;
  if (error !== undefined && error !== null) return JSON.stringify(error);
  if (text.trim()) return text;
  return undefined;
}

/** The order for calls: message, error, raw text, status text, 'HTTP Error {status}'. */
export function requestErrorMessage(text: string, status: number, statusText: string) {
  return messageFromBody(text) ?? (statusText || `HTTP Error ${status}`);
}

/** The order for the default query fetcher: message, error, raw text, 'Error {status}'. */
export function queryErrorMessage(text: string, status: number) {
  return messageFromBody(text) ?? `Error ${status}`;
}

/** The answer's text; an HttpError with its message and issues when it is not OK. */
async function okText(response: Response): Promise<string> {
  const text = await response.text();
  if (!response.ok) {
    throw new HttpError(
      requestErrorMessage(text, response.status, response.statusText),
      response.status,
      fieldOf(parseJsonOrUndefined(text), 'issues'),
    );
  }
  return text;
}

function jsonResponse(data: unknown, status = 200) {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * What a call may add: headers such as `Idempotency-Key`, and `credentials: 'omit'` for a
 * third party (the payment gateway's tokenizing endpoint gets no cookie of ours).
 */
export interface RequestExtras {
  headers?: Record<string, string>;
  credentials?: RequestCredentials;
}

/**
 * Calls the API with the session cookie. A GET answer is served from the 5-minute cache when
 * fresh; any other method empties that cache, since it may have changed what GETs return.
 * Resolves to a Response whose body is always JSON (normalised by the body rules above).
 * Throws an HttpError for a non-OK answer.
 */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  extra: RequestExtras = {},
): Promise<Response> {
  const verb = method.toUpperCase();
  const now = Date.now();
  if (verb === 'GET') {
    const cached = getCache.get(url);
    if (cached && isFresh(cached, now)) return jsonResponse(cached.data);
  }

  const response = await fetch(url, {
    method: verb,
    credentials: extra.credentials ?? 'include',
    headers:
      body === undefined && !extra.headers
        ? undefined
        : {
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...extra.headers,
          },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await okText(response);

  const data = parseBodyText(text, response.status, url);
  if (verb === 'GET') {
    getCache.set(url, { data, storedAt: Date.now() });
    pruneGetCache();
  } else {
    clearGetCache();
  }
  return jsonResponse(data);
}

/** What a call of `endpoint` needs: its path parameters and, when it takes one, its body. */
export type RequestOptions<E extends AnyEndpoint> = (ParamsOf<E> extends []
  ? { params?: [] }
  : { params: ParamsOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    headers?: Record<string, string>;
  };

type RequestArgs<E extends AnyEndpoint> =
  object extends RequestOptions<E> ? [options?: RequestOptions<E>] : [options: RequestOptions<E>];

/**
 * Calls one endpoint of the contract (`@alpenkube/contract/endpoints`) and answers with its
 * response type: the method, the path and the body's shape come from the endpoint, so a call
 * cannot name a route the server does not have or send it the wrong body.
 */
export async function request<E extends AnyEndpoint>(
  endpoint: E,
  ...[options]: RequestArgs<E>
): Promise<ResponseOf<E>> {
  const params = (options?.params ?? []) as ParamsOf<E>;
  const response = await apiRequest(endpoint.method, endpoint.path(...params), options?.body, {
    headers: options?.headers,
  });
  return (await response.json()) as ResponseOf<E>;
}

/**
 * Calls an endpoint that takes multipart/form-data (fields and files, such as a ticket with its
 * attachments): the browser sets the boundary. Same errors and cache rule as `request`.
 */
export async function requestForm<E extends AnyEndpoint>(
  endpoint: E & { types?: { body: FormData } },
  form: FormData,
  ...params: ParamsOf<E>
): Promise<ResponseOf<E>> {
  const response = await fetch(endpoint.path(...params), {
    method: endpoint.method,
    credentials: 'include',
    body: form,
  });
  const text = await okText(response);
  clearGetCache();
  return parseBodyText(text, response.status, endpoint.pattern) as ResponseOf<E>;
}

/** Whether a query's key is `path`, or `path` with a query string, or a path below it. */
export function isUnder(queryKey: readonly unknown[], path: string): boolean {
  const [first] = queryKey;
  return (
    typeof first === 'string' &&
    (first === path || first.startsWith(`${path}?`) || first.startsWith(`${path}/`))
  );
}

/**
 * The query key of a GET endpoint: the path first, so the default query fetcher GETs it. Keys
 * are built only by the features' key factories and the shared public queries.
 */
export function queryKeyOf<E extends AnyEndpoint>(endpoint: E, ...params: ParamsOf<E>) {
  return [endpoint.path(...params)] as const;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query fetcher: a GET of the first key element, always fresh from the network
 * (TanStack Query is the cache for queries, and polling must see new data).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const response = await fetch(url, { credentials: 'include', signal });
    // Read even a body we ignore: an unread one keeps the request open in the browser.
    const text = await response.text();
    if (options.on401 === 'returnNull' && response.status === 401) return null;
    if (!response.ok) {
      throw new HttpError(queryErrorMessage(text, response.status), response.status);
    }
    return parseBodyText(text, response.status, url) as T;
  };
}
