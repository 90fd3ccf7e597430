import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import selfsigned from 'selfsigned';
import {
  capConnectionsPerAddress,
  CONNECTION_TIMEOUTS,
  TLS_HANDSHAKE_TIMEOUT_MS,
} from '../../http/connection-limits.ts';

interface KeyAndCertificate {
  key: string;
  cert: string;
  notAfter: string;
}

/** What `DATA_DIR/kube-api-tls.json` keeps. */
interface KubeApiCertificates {
  /** The authority every kubeconfig carries: while it lasts, a renewed server certificate works. */
  authority: KeyAndCertificate;
  /** The listener's own certificate, for `hosts`, signed by the authority. */
  server: KeyAndCertificate & { hosts: string[] };
}

const DAY_MS = 86_400_000;
const AUTHORITY_VALID_DAYS = 3650;
const SERVER_VALID_DAYS = 397;
const RENEW_BEFORE_MS = 30 * DAY_MS;

/** Both keys are P-256 and both signatures SHA-256 (the library's default would be SHA-1). */
const KEYS = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' } as const;

const lasts = (kept: { notAfter: string } | undefined) =>
  kept !== undefined && Date.parse(kept.notAfter) - Date.now() > RENEW_BEFORE_MS;

async function makeAuthority(): Promise<KeyAndCertificate> {
  const notAfter = new Date(Date.now() + AUTHORITY_VALID_DAYS * DAY_MS);
  const pems = await selfsigned.generate(
    [{ name: 'commonName', value: 'Alpenkube simulated Kubernetes API authority' }],
    {
      ...KEYS,
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert, notAfter: notAfter.toISOString() };
}

async function makeServerCertificate(
  authority: KeyAndCertificate,
  hosts: string[],
): Promise<KubeApiCertificates['server']> {
  const notAfter = new Date(Date.now() + SERVER_VALID_DAYS * DAY_MS);
  const pems = await selfsigned.generate(
    [{ name: 'commonName', value: 'Alpenkube simulated Kubernetes API' }],
    {
      ...KEYS,
      notAfterDate: notAfter,
      ca: { key: authority.key, cert: authority.cert },
      extensions: [
        { name: 'basicConstraints', cA: false, critical: true },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: hosts.map((host) =>
            net.isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host },
          ),
        },
      ],
    },
  );
  return { key: pems.private, cert: pems.cert, hosts, notAfter: notAfter.toISOString() };
}

/**
 * kubectl sends a kubeconfig's token only to an https server. Where the platform's public URL
 * is plain http (development, tests), the simulated Kubernetes API gets its own TLS listener. Its
 * certificate is a server's (not an authority's), signed by an authority of the platform's own;
 * both are kept in the data directory, and kubeconfigs carry the authority, so they stay valid
 * across restarts and across renewals of the server's certificate (for other hosts, or before it
 * expires).
 */
export function createKubeApiTls(options: {
  dataDir: string;
  hosts: string[];
  maxConnectionsPerAddress: number;
}) {
  const file = path.join(options.dataDir, 'kube-api-tls.json');
  let loaded: Promise<KubeApiCertificates> | null = null;

  async function save(certificates: KubeApiCertificates) {
    await mkdir(options.dataDir, { recursive: true });
    // Whole or not at all: a half-written file would make a new authority at the next start and
    // break every kubeconfig given out.
    const draft = `${file}.${process.pid}.tmp`;
    await writeFile(draft, JSON.stringify(certificates), { mode: 0o600 });
    await rename(draft, file);
    return certificates;
  }

  async function load(): Promise<KubeApiCertificates> {
    let kept: Partial<KubeApiCertificates> = {};
    try {
      kept = JSON.parse(await readFile(file, 'utf8')) as Partial<KubeApiCertificates>;
    } catch {
      // None yet, or unreadable: make new ones.
    }
    // A file of an older version holds a self-signed certificate and no authority: replaced.
    const authority = lasts(kept.authority) ? kept.authority! : await makeAuthority();
    const server = kept.server;
    const serverLasts =
      authority === kept.authority &&
      lasts(server) &&
      options.hosts.every((host) => server!.hosts.includes(host));
    if (serverLasts) return { authority, server: server! };
    return save({ authority, server: await makeServerCertificate(authority, options.hosts) });
  }

  /** Loaded once; a failure (a full disk) is not kept, so the next call tries again. */
  async function certificates() {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  }

  return {
    /** The authority's certificate (PEM), which a kubeconfig carries. */
    authority: async () => (await certificates()).authority.cert,
    /** Serves the Kubernetes API paths, and nothing else, over TLS; the caller closes it. */
    async listen(app: FastifyInstance, host: string, port: number) {
      const { key, cert } = (await certificates()).server;
      const server = https.createServer(
        { key, cert, ...CONNECTION_TIMEOUTS, handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS },
        (request, response) => {
          const url = request.url ?? '';
          if (url === '/k8s' || url.startsWith('/k8s/') || url.startsWith('/k8s?')) {
            app.routing(request, response);
            return;
          }
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: 'Only the Kubernetes API is served here' }));
        },
      );
      capConnectionsPerAddress(server, options.maxConnectionsPerAddress);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      return server;
    },
  };
}
export type KubeApiTls = ReturnType<typeof createKubeApiTls>;
