import { describe, expect, it } from 'vitest';
import { ApiError, createAlpenkubeClient, retryDelayMs } from './index.ts';

/** A fetch that answers from a script and keeps what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const sent: Request[] = [];
  return {
    sent,
    fetch: async (request: Request) => {
      sent.push(request);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    },
  };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

function clientWith(fake: ReturnType<typeof scripted>, waits: number[] = []) {
  return createAlpenkubeClient({
    baseUrl: 'https://platform.test/',
    token: 'ak_test',
    fetch: fake.fetch,
    sleep: async (ms) => void waits.push(ms),
  });
}

describe('the typed client', () => {
  it('sends the token and retries a GET on 429 and 503 after Retry-After', async () => {
    const fake = scripted(
      () => json(429, { message: 'Slow down' }, { 'retry-after': '2' }),
      () => json(503, { message: 'Busy' }),
      () => json(200, [{ id: 'c1' }]),
    );
    const waits: number[] = [];
    const { data } = await clientWith(fake, waits).GET('/api/clusters');
    expect(data).toEqual([{ id: 'c1' }]);
    expect(waits).toEqual([2000, 1000]);
    expect(fake.sent.map((r) => r.url)).toEqual(
      Array(3).fill('https://platform.test/api/clusters'),
    );
    expect(fake.sent[0]!.headers.get('authorization')).toBe('Bearer ak_test');
  });

  it('gives up after its retries and bounds the wait', async () => {
    const fake = scripted(
      ...Array.from(
        { length: 4 },
        () => () => json(429, { message: 'Too many' }, { 'retry-after': '3600' }),
      ),
    );
    const waits: number[] = [];
    const call = clientWith(fake, waits).GET('/api/clusters');
    await expect(call).rejects.toMatchObject({ status: 429, message: 'Too many' });
    expect(waits).toEqual([30_000, 30_000, 30_000]);
  });

  it('never sends a POST again unless it carries an Idempotency-Key', async () => {
    const fake = scripted(() => json(503, { message: 'Busy' }));
    const call = clientWith(fake).POST('/api/clusters/{id}/credentials/rotate', {
      params: { path: { id: 'c1' } },
    });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    expect(fake.sent).toHaveLength(1);
  });

  it('puts an Idempotency-Key on an order and keeps it across retries', async () => {
    const fake = scripted(
      () => json(503, { message: 'Busy' }, { 'retry-after': '0' }),
      () => json(201, { id: 'o1' }),
    );
    const body = { kind: 'cluster' } as never;
    const untyped = clientWith(fake) as unknown as {
      POST(path: string, init: { body: unknown }): Promise<{ data?: unknown }>;
    };
    const { data } = await untyped.POST('/api/orders', { body });
    expect(data).toEqual({ id: 'o1' });
    const keys = fake.sent.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await fake.sent[1]!.text()).toBe('{"kind":"cluster"}');
  });

  it("surfaces the API's message and status as an ApiError", async () => {
    const fake = scripted(() => json(409, { message: 'The cluster is already being deleted.' }));
    const call = clientWith(fake).GET('/api/clusters/{id}', { params: { path: { id: 'c1' } } });
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'The cluster is already being deleted.' });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryDelayMs('5')).toBe(5000);
    expect(retryDelayMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryDelayMs(null)).toBe(1000);
  });
});
