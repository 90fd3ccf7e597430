import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { PushMessage } from '@alpenkube/contract/push';
import { act, renderHook } from '@testing-library/react';
import {
  connectRealtime,
  dispatchPush,
  refetchWhatPushesMayHaveMissed,
  registerPushHandler,
  socketUrl,
  useSocketState,
} from './socket';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: (() => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

function connect(onMessage = vi.fn()) {
  const stop = connectRealtime({
    onMessage,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { stop, onMessage, socket: FakeSocket.instances[0]! };
}

describe('the realtime socket', () => {
  it('uses ws on http and wss on https, on the same host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5178' })).toBe('ws://localhost:5178/ws');
    expect(socketUrl({ protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/ws');
  });

  it('hands every typed message to onMessage, and nothing else', () => {
    const { socket, onMessage } = connect();
    socket.send(JSON.stringify({ type: 'notification', userId: 7, notification: {} }));
    socket.send(JSON.stringify({ userId: 7 }));
    socket.send(JSON.stringify(null));
    expect(onMessage).toHaveBeenCalledExactlyOnceWith({
      type: 'notification',
      userId: 7,
      notification: {},
    });
  });

  it('tells whether pushes can arrive: connecting, open, then closed until it reconnects', () => {
    const { result } = renderHook(() => useSocketState());
    const { socket, stop } = connect();
    expect(result.current).toBe('connecting');
    act(() => socket.onopen?.());
    expect(result.current).toBe('open');
    act(() => socket.onclose?.());
    expect(result.current).toBe('closed');
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe('connecting');
    act(() => stop());
    expect(result.current).toBe('closed');
  });

  it('logs unparsable messages and errors without throwing', () => {
    const { socket, onMessage } = connect();
    expect(() => socket.send('{not json')).not.toThrow();
    socket.onerror?.(new Event('error'));
    expect(console.error).toHaveBeenCalledTimes(2);
    expect(onMessage).not.toHaveBeenCalled();
  });

  it('reconnects 5 s after a close, and not after stop', () => {
    const { socket, stop } = connect();
    socket.onclose?.();
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    stop();
    expect(FakeSocket.instances[1]!.closed).toBe(true);
    FakeSocket.instances[1]!.onclose?.();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

describe('push handlers', () => {
  const push = (userId: number) =>
    ({ type: 'notification', userId, notification: {} }) as unknown as PushMessage;

  it('runs the handlers registered for the type, until they are removed', () => {
    const handler = vi.fn();
    const unregister = registerPushHandler('notification', handler);
    const context = { userId: 7, queryClient: new QueryClient() };
    dispatchPush(push(7), context);
    expect(handler).toHaveBeenCalledExactlyOnceWith(push(7), context);
    unregister();
    dispatchPush(push(7), context);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores a type nobody handles, and logs a failing handler', () => {
    const context = { userId: 7, queryClient: new QueryClient() };
    const other = { type: 'cluster', userId: 7 } as unknown as PushMessage;
    expect(() => dispatchPush(other, context)).not.toThrow();
    const unregister = registerPushHandler('notification', () => {
      throw new Error('boom');
    });
    expect(() => dispatchPush(push(7), context)).not.toThrow();
    expect(console.error).toHaveBeenCalledTimes(1);
    unregister();
  });
});

describe('a socket that opens again', () => {
  it('calls onOpen on the first open and on every reconnect, saying which', () => {
    const onOpen = vi.fn();
    connectRealtime({
      onMessage: vi.fn(),
      onOpen,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    FakeSocket.instances[0]!.onopen?.();
    expect(document.documentElement.dataset.socket).toBe('open');
    FakeSocket.instances[0]!.onclose?.();
    expect(document.documentElement.dataset.socket).toBe('closed');
    vi.advanceTimersByTime(5000);
    FakeSocket.instances[1]!.onopen?.();
    expect(onOpen.mock.calls).toEqual([[{ reconnected: false }], [{ reconnected: true }]]);
  });

  it('reads again what was read before it opened, but not what never goes stale or came after', async () => {
    const queryClient = new QueryClient();
    const fetched = { before: 0, after: 0, payment: 0 };
    const watch = async (key: keyof typeof fetched, staleTime?: number) => {
      const observer = new QueryObserver(queryClient, {
        queryKey: [key],
        queryFn: () => ++fetched[key],
        staleTime,
      });
      const stop = observer.subscribe(() => {});
      await vi.waitFor(() => expect(fetched[key]).toBe(1));
      return stop;
    };
    vi.setSystemTime(1_000);
    const watching = [await watch('before'), await watch('payment', Infinity)];
    vi.setSystemTime(2_000);
    watching.push(await watch('after'));
    await refetchWhatPushesMayHaveMissed(queryClient, 1_500);
    expect(fetched).toEqual({ before: 2, after: 1, payment: 1 });
    watching.forEach((stop) => stop());
  });
});
