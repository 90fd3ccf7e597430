import { execFile } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const run = promisify(execFile);

/**
 * The two listeners as clients meet them, over real sockets: the app's (plain http here) and the
 * simulated Kubernetes API's (TLS).
 */
describe('the listeners', () => {
  let t: TestApp;
  let kubeApi: https.Server;
  const ports = { app: 0, kube: 0 };

  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '100' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ports.app = (t.app.server.address() as net.AddressInfo).port;
    kubeApi = await t.app.services.kubeApiTls!.listen(t.app, '127.0.0.1', 0);
    ports.kube = (kubeApi.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    kubeApi.closeAllConnections();
    kubeApi.close();
    await t.close();
  });

  type Listener = keyof typeof ports;

  /** A raw socket to a listener (TLS for the Kubernetes API), from `localAddress`. */
  function connect(listener: Listener, localAddress = '127.0.0.1'): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const options = { host: '127.0.0.1', port: ports[listener], localAddress };
      const socket =
        listener === 'kube'
          ? tls.connect({ ...options, rejectUnauthorized: false }, () => resolve(socket))
          : net.connect(options, () => resolve(socket));
      socket.once('error', reject);
    });
  }

  const closed = (socket: net.Socket) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.once('close', () => resolve());
      socket.on('error', () => {});
    });

  /** A path each listener answers without credentials: 200 for the app, 401 for the API. */
  const probePath = { app: '/api/health', kube: '/k8s/clusters/1/version' };

  /** The status of that path, from another address. */
  function statusFrom(listener: Listener, localAddress: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const options = {
        host: '127.0.0.1',
        port: ports[listener],
        localAddress,
        agent: false,
      };
      const request =
        listener === 'kube'
          ? https.get({ ...options, path: probePath.kube, rejectUnauthorized: false }, done)
          : http.get({ ...options, path: probePath.app }, done);
      function done(response: http.IncomingMessage) {
        response.resume();
        resolve(response.statusCode!);
      }
      request.on('error', reject);
    });
  }

  /** The first line of the answer to a GET on an open socket. */
  function statusLine(socket: net.Socket, path: string): Promise<string> {
    return new Promise((resolve, reject) => {
      socket.once('data', (chunk) => resolve(String(chunk).split('\r\n')[0]!));
      socket.once('close', () => reject(new Error('closed without an answer')));
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    });
  }

  it.each(['app', 'kube'] as const)(
    'answers a Kubernetes Status 404, not the web app, for a /k8s path no cluster has on the %s listener',
    async (listener) => {
      const socket = await connect(listener);
      const answer = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk) => (text += String(chunk)));
        socket.once('end', () => resolve(text));
        socket.write(
          'GET /k8s/clusters/7 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
        );
      });
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer).toMatch(/content-type: application\/json/i);
      expect(answer).toContain('"kind":"Status"');
      expect(answer).not.toMatch(/<html/i);
    },
  );

  it.each(['app', 'kube'] as const)(
    'cuts the %s listener off a client whose headers never end, within seconds',
    async (listener) => {
      const socket = await connect(listener);
      const started = Date.now();
      socket.write(`GET ${probePath[listener]} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
      const ticker = setInterval(() => socket.writable && socket.write('a'), 500);
      await closed(socket);
      clearInterval(ticker);
      // 10 s for the headers, checked every second; Node's default let 60 to 90 s pass.
      expect(Date.now() - started).toBeLessThan(15_000);
    },
    30_000,
  );

  it.each(['app', 'kube'] as const)(
    'refuses the 101st socket of one address on the %s listener, and serves other addresses',
    async (listener) => {
      const held: net.Socket[] = [];
      for (let i = 0; i < 100; i++) held.push(await connect(listener));
      const refused = net.connect({ host: '127.0.0.1', port: ports[listener] });
      refused.on('error', () => {});
      await closed(refused);
      // A socket whose TLS handshake never happened: the refusal comes before any byte.
      expect(refused.bytesRead).toBe(0);
      // Another client is served meanwhile.
      expect(await statusFrom(listener, '127.0.0.2')).toBe(listener === 'app' ? 200 : 401);

      held.pop()!.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await connect(listener);
      held.push(again);
      expect(await statusLine(again, probePath[listener])).toMatch(/^HTTP\/1\.1 (200|401) /);
      await Promise.all(held.map((socket) => (socket.destroy(), closed(socket))));
    },
    30_000,
  );

  /**
   * What Node's fetch gets for a POST of `bytes` to the app, run in a process of its own: in
   * this one, the client and the server would take turns on one event loop and never race.
   */
  async function fetchInAnotherProcess(bytes: number) {
    const script = `
      const response = await fetch(process.argv[1], {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x'.repeat(${bytes}) }),
      }).catch((error) => ({ failed: String(error.cause?.code ?? error) }));
      console.log(JSON.stringify(response.failed ? response : {
        status: response.status,
        connection: response.headers.get('connection'),
        body: await response.json(),
      }));`;
    const { stdout } = await run(process.execPath, [
      '--input-type=module',
      '-e',
      script,
      `http://127.0.0.1:${ports.app}/api/register`,
    ]);
    return JSON.parse(stdout) as unknown;
  }

  it.each([
    ['100 KB', 100 * 1024],
    ['10 MB', 10 * 1024 * 1024],
  ])(
    'answers 413 {message} to a body of %s, which fetch receives every time',
    async (_size, bytes) => {
      // Without a lingering close, the 10 MB body lost the answer to a reset about half the time.
      for (let attempt = 0; attempt < 8; attempt++) {
        expect(await fetchInAnotherProcess(bytes)).toEqual({
          status: 413,
          connection: 'close',
          body: { message: 'Request body is too large' },
        });
      }
    },
    60_000,
  );
});
