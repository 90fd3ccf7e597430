import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectNotificationSocket, socketUrl } from './notification-socket';

class FakeSocket {
  static instances: FakeSocket[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onclose: (() => void) | null = null;
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

function connect(onNotification = vi.fn()) {
  const stop = connectNotificationSocket({
    userId: 7,
    onNotification,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { stop, onNotification, socket: FakeSocket.instances[0]! };
}

describe('notification socket (section 7)', () => {
  it('uses ws on http and wss on https, on the same host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:5178' })).toBe('ws://localhost:5178/ws');
    expect(socketUrl({ protocol: 'https:', host: 'app.example' })).toBe('wss://app.example/ws');
  });

  it('refreshes only for a notification addressed to the current user', () => {
    const { socket, onNotification } = connect();
    socket.send(JSON.stringify({ type: 'notification', userId: 8 }));
    socket.send(JSON.stringify({ type: 'other', userId: 7 }));
    expect(onNotification).not.toHaveBeenCalled();
    socket.send(JSON.stringify({ type: 'notification', userId: 7, notification: {} }));
    expect(onNotification).toHaveBeenCalledTimes(1);
  });

  it('logs unparsable messages and errors without throwing', () => {
    const { socket, onNotification } = connect();
    expect(() => socket.send('{not json')).not.toThrow();
    socket.onerror?.(new Event('error'));
    expect(console.error).toHaveBeenCalledTimes(2);
    expect(onNotification).not.toHaveBeenCalled();
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
