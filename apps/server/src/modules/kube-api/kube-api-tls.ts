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

interface KubeApiCertificate {
  key: string;
  cert: string;
  hosts: string[];
  notAfter: string;
}

const VALID_DAYS = 825;
const RENEW_BEFORE_MS = 30 * 86_400_000;

/**
 * kubectl sends a kubeconfig's token only to an https server. Where the platform's public URL
 * is plain http (development, tests), the simulated Kubernetes API gets its own TLS listener with
 * a self-signed certificate, kept in the data directory so that downloaded kubeconfigs (which
 * carry it as their certificate authority) stay valid across restarts.
 */
export function createKubeApiTls(options: {
  dataDir: string;
  hosts: string[];
  maxConnectionsPerAddress: number;
}) {
  const file = path.join(options.dataDir, 'kube-api-tls.json');
  let loaded: Promise<KubeApiCertificate> | null = null;

  async function create(): Promise<KubeApiCertificate> {
    const notAfter = new Date(Date.now() + VALID_DAYS * 86_400_000);
    const pems = await selfsigned.generate(
      [{ name: 'commonName', value: 'Alpenkube simulated Kubernetes API' }],
      {
        keyType: 'ec',
        curve: 'P-256',
        notAfterDate: notAfter,
        extensions: [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: options.hosts.map((host) =>
              net.isIP(host) ? { type: 7 as const, ip: host } : { type: 2 as const, value: host },
            ),
          },
        ],
      },
    );
    const certificate = {
      key: pems.private,
      cert: pems.cert,
      hosts: options.hosts,
      notAfter: notAfter.toISOString(),
    };
    await mkdir(options.dataDir, { recursive: true });
    // Whole or not at all: a half-written file would make a new authority at the next start and
    // break every kubeconfig given out.
    const draft = `${file}.${process.pid}.tmp`;
    await writeFile(draft, JSON.stringify(certificate), { mode: 0o600 });
    await rename(draft, file);
    return certificate;
  }

  async function load(): Promise<KubeApiCertificate> {
    try {
      const kept = JSON.parse(await readFile(file, 'utf8')) as KubeApiCertificate;
      const coversHosts = options.hosts.every((host) => kept.hosts.includes(host));
      if (coversHosts && Date.parse(kept.notAfter) - Date.now() > RENEW_BEFORE_MS) return kept;
    } catch {
      // None yet, or unreadable: make a new one.
    }
    return create();
  }

  /** Loaded once; a failure (a full disk) is not kept, so the next call tries again. */
  function certificate() {
    loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    });
    return loaded;
  }

  return {
    certificate,
    /** Serves the Kubernetes API paths, and nothing else, over TLS; the caller closes it. */
    async listen(app: FastifyInstance, host: string, port: number) {
      const { key, cert } = await certificate();
      const server = https.createServer(
        { key, cert, ...CONNECTION_TIMEOUTS, handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS },
        (request, response) => {
          if (request.url?.startsWith('/k8s/')) {
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
