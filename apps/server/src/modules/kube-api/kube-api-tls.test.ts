import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { TLSSocket } from 'node:tls';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKubeApiTls } from './kube-api-tls.ts';

const run = promisify(execFile);

/** What openssl reads in a certificate: its signature algorithm and extensions. */
async function described(pem: string, dir: string) {
  const file = path.join(dir, 'described.pem');
  fs.writeFileSync(file, pem);
  return (await run('openssl', ['x509', '-noout', '-text', '-in', file])).stdout;
}

describe('the Kubernetes API listener certificate', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-tls-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const tlsFor = (hosts: string[]) =>
    createKubeApiTls({ dataDir, hosts, maxConnectionsPerAddress: 10 });

  it('serves a server certificate (not an authority) signed with SHA-256 by the authority kubeconfigs carry', async () => {
    const tls = tlsFor(['localhost', '127.0.0.1']);
    // Only paths under /k8s/ reach the app: this one is answered by the listener itself.
    const app = Fastify();
    const server = await tls.listen(app, '127.0.0.1', 0);
    try {
      const authorityPem = await tls.authority();
      const { port } = server.address() as AddressInfo;
      // What kubectl does with certificate-authority-data: trust that authority alone.
      const served = await new Promise<X509Certificate>((resolve, reject) => {
        const request = https.get(
          { host: '127.0.0.1', port, path: '/', ca: authorityPem, servername: 'localhost' },
          (response) => {
            response.resume();
            resolve(new X509Certificate((response.socket as TLSSocket).getPeerCertificate().raw));
          },
        );
        request.on('error', reject);
      });
      const authority = new X509Certificate(authorityPem);
      expect(authority.ca).toBe(true);
      expect(served.ca).toBe(false);
      expect(served.checkIssued(authority)).toBe(true);
      expect(served.verify(authority.publicKey)).toBe(true);
      expect(served.checkHost('localhost')).toBe('localhost');
      expect(served.checkIP('127.0.0.1')).toBe('127.0.0.1');
      const text = await described(served.toString(), dataDir);
      expect(text).toMatch(/Signature Algorithm: ecdsa-with-SHA256/);
      expect(text).toMatch(/CA:FALSE/);
      expect(text).toMatch(/TLS Web Server Authentication/);
      expect(await described(authorityPem, dataDir)).toMatch(
        /Signature Algorithm: ecdsa-with-SHA256/,
      );
    } finally {
      server.close();
      await app.close();
    }
  });

  it('keeps the authority across restarts and a new host, so kubeconfigs given out stay valid', async () => {
    const first = await tlsFor(['localhost']).authority();
    expect(await tlsFor(['localhost']).authority()).toBe(first);
    expect(await tlsFor(['localhost', 'kube.example.eu']).authority()).toBe(first);
    const kept = JSON.parse(fs.readFileSync(path.join(dataDir, 'kube-api-tls.json'), 'utf8'));
    expect(kept.server.hosts).toEqual(['localhost', 'kube.example.eu']);
    expect(new X509Certificate(kept.server.cert).checkHost('kube.example.eu')).toBeDefined();
    expect(fs.statSync(path.join(dataDir, 'kube-api-tls.json')).mode & 0o777).toBe(0o600);
  });

  it('replaces the self-signed certificate an older version kept', async () => {
    fs.writeFileSync(
      path.join(dataDir, 'kube-api-tls.json'),
      JSON.stringify({ key: 'old', cert: 'old', hosts: ['localhost'], notAfter: '2099-01-01' }),
    );
    const authority = new X509Certificate(await tlsFor(['localhost']).authority());
    expect(authority.ca).toBe(true);
  });
});
