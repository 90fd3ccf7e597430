import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GET_CACHE_TTL_MS,
  HttpError,
  apiRequest,
  clearGetCache,
  getCacheSize,
  getQueryFn,
  parseBodyText,
  queryErrorMessage,
  requestErrorMessage,
} from './http';

function respond(body: string, init: ResponseInit = {}) {
  return vi.fn(async () => new Response(body === '' ? null : body, init));
}

beforeEach(() => clearGetCache());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('error message order of a call', () => {
  it('prefers the message field', () => {
    expect(requestErrorMessage('{"message":"m","error":"e"}', 400, 'Bad Request')).toBe('m');
  });
  it('then the error field, as a string', () => {
    expect(requestErrorMessage('{"error":"e"}', 400, 'Bad Request')).toBe('e');
  });
  it('then the error field as JSON text when it is not a string', () => {
    expect(requestErrorMessage('{"error":{"code":7}}', 400, 'Bad Request')).toBe('{"code":7}');
  });
  it('then the raw body text', () => {
    expect(requestErrorMessage('gateway exploded', 502, 'Bad Gateway')).toBe('gateway exploded');
  });
  it('then the status text', () => {
    expect(requestErrorMessage('', 503, 'Service Unavailable')).toBe('Service Unavailable');
  });
  it("then 'HTTP Error {status}'", () => {
    expect(requestErrorMessage('', 500, '')).toBe('HTTP Error 500');
  });
  it("the query fetcher ends with 'Error {status}' and skips the status text", () => {
    expect(queryErrorMessage('{"message":"m"}', 500)).toBe('m');
    expect(queryErrorMessage('{"error":"e"}', 500)).toBe('e');
    expect(queryErrorMessage('raw', 500)).toBe('raw');
    expect(queryErrorMessage('', 418)).toBe('Error 418');
  });
});

describe('body rules', () => {
  it('204 and empty bodies yield an empty object', () => {
    expect(parseBodyText('', 204, '/api/x')).toEqual({});
    expect(parseBodyText('   ', 200, '/api/x')).toEqual({});
  });
  it('an unparsable body yields [] on users and clusters paths, else {}', () => {
    expect(parseBodyText('<html>', 200, '/api/users')).toEqual([]);
    expect(parseBodyText('<html>', 200, '/api/my-clusters')).toEqual([]);
    expect(parseBodyText('<html>', 200, '/api/orders')).toEqual({});
  });
});

describe('apiRequest', () => {
  it('sends credentials, and a JSON content type only with a body', async () => {
    const fetch = respond('{}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/api/a', { x: 1 });
    await apiRequest('POST', '/api/b');
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![1]).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"x":1}',
    });
    expect(calls[1]![1].headers).toBeUndefined();
    expect(calls[1]![1].credentials).toBe('include');
  });

  it('adds the headers a call asks for, and leaves cookies out for a third party', async () => {
    const fetch = respond('{}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('POST', '/api/orders', { x: 1 }, { headers: { 'Idempotency-Key': 'k1' } });
    await apiRequest('POST', '/gateway/tokens', {}, { credentials: 'omit' });
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![1].headers).toEqual({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1',
    });
    expect(calls[1]![1].credentials).toBe('omit');
  });

  it('throws an HttpError with the status and the message', async () => {
    vi.stubGlobal('fetch', respond('{"message":"Nope"}', { status: 409 }));
    const error = await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Nope');
    expect((error as HttpError).status).toBe(409);
  });

  it('serves a GET from the cache for 5 minutes, then fetches again', async () => {
    vi.useFakeTimers();
    const fetch = respond('{"n":1}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('GET', '/api/tiers');
    vi.advanceTimersByTime(GET_CACHE_TTL_MS - 1);
    const cached = await apiRequest('GET', '/api/tiers');
    expect(await cached.json()).toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await apiRequest('GET', '/api/tiers');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('returns {} for a 204 answer', async () => {
    vi.stubGlobal('fetch', respond('', { status: 204 }));
    const response = await apiRequest('POST', '/api/logout');
    expect(await response.json()).toEqual({});
  });

  it('prunes at most 50 expired entries once above 100', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    for (let i = 0; i < 100; i += 1) await apiRequest('GET', `/api/old/${i}`);
    expect(getCacheSize()).toBe(100);
    vi.advanceTimersByTime(GET_CACHE_TTL_MS);
    // The 101st entry pushes the size above 100: 50 of the 100 expired entries go.
    await apiRequest('GET', '/api/new/0');
    expect(getCacheSize()).toBe(51);
  });

  it('does not prune at 100 entries or fewer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    for (let i = 0; i < 99; i += 1) await apiRequest('GET', `/api/old/${i}`);
    vi.advanceTimersByTime(GET_CACHE_TTL_MS);
    await apiRequest('GET', '/api/new/0');
    expect(getCacheSize()).toBe(100);
  });
});

describe('getQueryFn', () => {
  const context = (key: string) =>
    ({ queryKey: [key], signal: new AbortController().signal }) as never;

  it('GETs the first key element with credentials', async () => {
    const fetch = respond('[1]');
    vi.stubGlobal('fetch', fetch);
    await expect(getQueryFn({ on401: 'throw' })(context('/api/list'))).resolves.toEqual([1]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/list',
      expect.objectContaining({ credentials: 'include' }),
    );
  });

  it('returns null on 401 when so configured', async () => {
    vi.stubGlobal('fetch', respond('{"message":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(context('/api/user'))).resolves.toBeNull();
  });

  it('throws on 401 otherwise', async () => {
    vi.stubGlobal('fetch', respond('', { status: 401 }));
    await expect(getQueryFn({ on401: 'throw' })(context('/api/user'))).rejects.toThrow('Error 401');
  });
});
