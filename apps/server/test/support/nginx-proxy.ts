import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/** The response header naming the upstream(s) nginx tried for a request, in order. */
export const UPSTREAM_HEADER = 'x-upstream';

export interface NginxProxy {
  url: string;
  /** nginx's error log so far: why it gave up on an upstream. */
  errorLog: () => string;
  stop(): Promise<void>;
}

/**
 * The rules of the proxy, and why:
 * - round-robin over the instances; a refused connection marks an instance down for 1 s only,
 *   so a restarted instance takes requests again soon after it listens;
 * - `proxy_next_upstream error timeout`: a request whose connection is refused, or fails before
 *   anything was sent, goes to the next instance. nginx never passes a POST, PATCH or DELETE on
 *   once it has been sent (that takes `non_idempotent`, left out on purpose): the instance may
 *   have processed it, and only the client, with its Idempotency-Key, may say "again";
 * - the WebSocket upgrade is passed on (Upgrade and Connection), held for an hour;
 * - X-Forwarded-For/-Proto/-Host are set, and the servers trust one proxy hop (TRUST_PROXY=1);
 * - every answer names the upstream(s) that took the request, so a failed request can be traced
 *   to the instance that was killed.
 */
function config(dir: string, port: number, upstreams: number[]) {
  const servers = upstreams
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream alpenkube {
${servers}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://alpenkube;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 3600s;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
  }
}
`;
}

/** Starts Debian's nginx in front of `upstreams` (ports on 127.0.0.1), with its files in a temp dir. */
export async function startNginx(upstreams: number[]): Promise<NginxProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alpenkube-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config(dir, port, upstreams));
  const child = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // A missing nginx never starts, so never exits: its spawn error ends it too.
  const exited = new Promise<void>((resolve) => {
    child.on('exit', () => resolve());
    child.on('error', () => resolve());
  });
  const spawnFailed = new Promise<never>((_, reject) => child.on('error', reject));
  const errorLog = () => {
    try {
      return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited (${child.exitCode}): ${output}${errorLog()}`);
    }
    try {
      await Promise.race([fetch(`${url}/api/health`), spawnFailed]);
      break;
    } catch (error) {
      if (Date.now() > deadline || (error as NodeJS.ErrnoException).code === 'ENOENT') {
        await stop();
        throw new Error(`nginx did not start: ${String(error)} ${output}${errorLog()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { url, errorLog, stop };
}
