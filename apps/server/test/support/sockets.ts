import type WebSocket from 'ws';
import type { TestApp } from './test-app.ts';

export interface OpenSocket {
  socket: WebSocket;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
}

/** A /ws connection made through the app's in-memory upgrade, as a browser tab would. */
export async function openSocket(
  instance: TestApp,
  sid: string,
  headers: Record<string, string> = {},
): Promise<OpenSocket> {
  const socket = await instance.app.injectWS('/ws', {
    headers: { cookie: `sid=${sid}`, ...headers },
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { socket, closed };
}

/** The close code within a second, or 'open' when the socket is still open by then. */
export async function stateAfterASecond(open: OpenSocket): Promise<number | 'open'> {
  return Promise.race([open.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), 1000))]);
}

/** The next message a socket receives, parsed, or null when none comes within a second. */
export function nextMessage(open: OpenSocket): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 1000);
    open.socket.once('message', (data) => {
      clearTimeout(timer);
      resolve(JSON.parse(String(data)));
    });
  });
}
