import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { lazyChildLogger } from './request-logging.ts';

function fakeParent() {
  const child = { info: vi.fn(), error: vi.fn(), level: 'info' };
  const parent = { child: vi.fn(() => child) } as unknown as FastifyBaseLogger;
  return { parent, child };
}

describe('the lazy request logger', () => {
  it('creates no child for a request that logs nothing', () => {
    const { parent } = fakeParent();
    lazyChildLogger(parent, { reqId: 'req-1' });
    expect(parent.child).not.toHaveBeenCalled();
  });

  it('binds the request id once, on the first log line', () => {
    const { parent, child } = fakeParent();
    const log = lazyChildLogger(parent, { reqId: 'req-2' });
    log.info({ a: 1 }, 'first');
    log.error('second');
    expect(parent.child).toHaveBeenCalledExactlyOnceWith({ reqId: 'req-2' });
    expect(child.info).toHaveBeenCalledWith({ a: 1 }, 'first');
    expect(child.error).toHaveBeenCalledWith('second');
    expect(log.level).toBe('info');
  });
});
