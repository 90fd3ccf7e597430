import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { seedDemoData } from '../../src/modules/dev/demo-data.ts';
import type { MailTransport, OutgoingMail } from '../../src/modules/mail/mail-service.ts';
import { resetDatabase, sharedTestDatabase } from './test-database.ts';

export const STRONG_PASSWORD = 'correct-horse-battery-staple-42';

/** A transport through the same interface as SMTP, keeping what it was asked to send. */
export function recordingTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return { name: 'recording', sent, send: async (mail) => void sent.push(mail) };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  mail: ReturnType<typeof recordingTransport>;
  close(): Promise<void>;
}

/**
 * Builds the app in-process on the worker's shared database, emptied first. Jobs do not run
 * by themselves: a test drains them with `app.services.jobs.drain()` when it needs them done.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    reset?: boolean;
    seedDemo?: boolean;
    /** Receives the log lines (LOG_LEVEL in `env` decides how many). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await sharedTestDatabase();
  if (options.reset !== false) await resetDatabase(database);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alpenkube-test-'));
  const config = {
    ...loadConfig({
      APP_ENV: 'development',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      // Simulated provisioning without waiting: a test drains the steps' jobs at once.
      PROVIDER_SIM_SPEED: '1000000',
      // The Kubernetes API's certificate is kept in the data directory: one of the test's own.
      DATA_DIR: dataDir,
      ...options.env,
    }),
    runJobs: false,
  };
  const mail = recordingTransport();
  const app = await buildApp({
    config,
    database,
    mailTransport: mail,
    logStream: options.logStream,
  });
  await app.ready();
  if (options.seedDemo) await seedDemoData(app.services);
  return {
    app,
    database,
    config,
    mail,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie jar over app.inject, as a browser would keep one. */
export class Client {
  private cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly defaults: { headers?: Record<string, string>; remoteAddress?: string } = {},
  ) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      remoteAddress: this.defaults.remoteAddress,
      ...options,
      headers: {
        ...this.defaults.headers,
        ...(cookie ? { cookie } : {}),
        ...(options.headers as Record<string, string> | undefined),
      },
    });
    for (const set of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        set.maxAge === 0 ||
        (set.expires && set.expires.getTime() <= Date.now()) ||
        set.value === '';
      if (expired) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  get = (url: string) => this.request({ method: 'GET', url });
  post = (url: string, payload?: unknown) =>
    this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  put = (url: string, payload?: unknown) =>
    this.request({
      method: 'PUT',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  patch = (url: string, payload?: unknown) =>
    this.request({ method: 'PATCH', url, payload: payload as object });
  delete = (url: string) => this.request({ method: 'DELETE', url });

  cookie(name: string) {
    return this.cookies.get(name);
  }
  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }
}

let counter = 0;
/** Registers a fresh user and answers a signed-in client. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    name: string;
    companyName: string;
  }> = {},
) {
  counter += 1;
  const username = overrides.username ?? `user${counter}${Date.now() % 100000}`;
  const body = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? STRONG_PASSWORD,
    ...(overrides.name ? { name: overrides.name } : {}),
    ...(overrides.companyName ? { companyName: overrides.companyName } : {}),
  };
  const client = new Client(app);
  const response = await client.post('/api/register', body);
  if (response.statusCode !== 201) {
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  }
  return { client, user: response.json() as { id: number; username: string; email: string }, body };
}

/** The newest mail to an address, and the first link in it. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  const { latestMail } = await import('../../src/modules/mail/mail-service.ts');
  const mail = (await latestMail(app.services.db)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = mail.links[0] ?? '';
  return { mail, link, token: link ? (new URL(link).searchParams.get('token') ?? '') : '' };
}
