import type { Server } from 'node:net';

/**
 * How long a client may take, on both listeners (the app's and the Kubernetes API's). Node's
 * defaults let a client that never finishes its headers hold a socket for up to 90 seconds.
 * - Headers: 10 seconds, time enough over any network a person uses.
 * - A whole request: 2 minutes, for the largest upload (five attachments of 10 MB, which take
 *   that long at 3.5 Mbit/s); anything else arrives in a fraction of it.
 * - An idle keep-alive socket: 72 seconds, Fastify's default, longer than the idle time-out of
 *   the usual load balancers (60 s), so that a proxy never reuses a socket this side closed.
 * - Node checks the first two every `connectionsCheckingInterval`: each second, so a time-out
 *   is not stretched by half a minute.
 */
export const CONNECTION_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 72_000,
  connectionsCheckingInterval: 1_000,
} as const;

/** A TLS client has as long to finish its handshake as a plain one to send its headers. */
export const TLS_HANDSHAKE_TIMEOUT_MS = CONNECTION_TIMEOUTS.headersTimeout;

/**
 * At most `max` open sockets per remote address: the next one is closed at once, before a byte
 * is read, so one client cannot hold every socket the process can open. Counted on the TCP
 * connection, so behind a proxy the proxy's address is one address (see docs/operations.md).
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
