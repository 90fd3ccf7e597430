import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type AppEnv = 'development' | 'production' | 'test';

export interface AppConfig {
  appEnv: AppEnv;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public origin used in mailed links; without it, links use the request's own origin. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  /** Where the built web app is; the server serves it when the directory exists. */
  webDist: string;
  logLevel: string;
  sessionIdleHours: number;
  sessionMaxDays: number;
  /** argon2 hashes allowed to run at once; each takes 19 MiB and a thread. */
  hashConcurrency: number;
  exchangeRateUrl: string;
  /** Start the durable job worker in this process. */
  runJobs: boolean;
  /** Public-form submissions allowed per network in 15 minutes. */
  publicFormLimit: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEV_SESSION_SECRET = 'development-only-secret-do-not-use-in-production';

export class ConfigError extends Error {}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const appEnv = (env.APP_ENV ?? 'development') as AppEnv;
  if (!['development', 'production', 'test'].includes(appEnv)) {
    throw new ConfigError(`APP_ENV must be development, production or test, got "${appEnv}"`);
  }
  const sessionSecret = env.SESSION_SECRET ?? (appEnv === 'production' ? '' : DEV_SESSION_SECRET);
  if (appEnv === 'production' && sessionSecret.length < 32) {
    throw new ConfigError(
      'SESSION_SECRET is required in production: set it to at least 32 random characters ' +
        '(for example: openssl rand -base64 48).',
    );
  }
  return {
    appEnv,
    host: env.HOST ?? (appEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: intFrom(env, 'PORT', 5000),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionSecret,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Alpenkube <no-reply@alpenkube.eu>',
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? (appEnv === 'test' ? 'silent' : 'info'),
    sessionIdleHours: intFrom(env, 'SESSION_IDLE_HOURS', 7 * 24),
    sessionMaxDays: intFrom(env, 'SESSION_MAX_DAYS', 30),
    hashConcurrency: intFrom(env, 'HASH_CONCURRENCY', 4),
    exchangeRateUrl:
      env.EXCHANGE_RATE_URL ?? 'https://api.frankfurter.dev/v1/latest?base=USD&symbols=EUR,GBP',
    runJobs: env.RUN_JOBS !== 'false',
    publicFormLimit: intFrom(env, 'PUBLIC_FORM_LIMIT', 10),
  };
}

export const isDevelopment = (config: AppConfig) => config.appEnv === 'development';
