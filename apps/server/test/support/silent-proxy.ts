import net from 'node:net';

export interface SilentProxy {
  port: number;
  /** Connections made so far, forwarded or swallowed. */
  connections: () => number;
  /**
   * From now on the host answers nothing: connections open and new ones are accepted and read,
   * but nothing is forwarded either way, and none is closed.
   */
  silence(): void;
  /**
   * New connections are forwarded again. Those opened before stay silent for good, as behind a
   * firewall that forgot them: only a client that notices and reconnects gets through.
   */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy on loopback in front of `target` that can turn into a silent host: unlike a stopped
 * server, which refuses connections at once, it accepts and reads and never says a word, so
 * only a client's own time-outs can tell that something is wrong.
 */
export async function startSilentProxy(target: {
  host: string;
  port: number;
}): Promise<SilentProxy> {
  let silent = false;
  let made = 0;
  const open = new Set<net.Socket>();
  /** Forwarded pairs: each is silenced, never resumed. */
  const forwarded = new Set<{ client: net.Socket; upstream: net.Socket }>();

  const keep = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => {});
  };
  const swallow = (socket: net.Socket) => {
    socket.removeAllListeners('data');
    socket.on('data', () => {});
    socket.resume();
  };

  const server = net.createServer((client) => {
    made += 1;
    keep(client);
    if (silent) {
      swallow(client);
      return;
    }
    const upstream = net.connect(target.port, target.host);
    keep(upstream);
    const pair = { client, upstream };
    forwarded.add(pair);
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      forwarded.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => made,
    silence() {
      silent = true;
      for (const { client, upstream } of forwarded) {
        // Closing either side would be an answer: both stay open, and whatever comes is dropped.
        client.removeAllListeners('close');
        upstream.removeAllListeners('close');
        swallow(client);
        swallow(upstream);
      }
      forwarded.clear();
    },
    resume() {
      silent = false;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
