import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3FileStoreOptions } from './files/s3-file-store.ts';

export type AppEnv = 'development' | 'production' | 'test';

/**
 * Fastify's `trustProxy`: off, which proxy addresses to trust, or (for a hop count) whether the
 * hop-th address from the server is a proxy of ours.
 */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export interface AppConfig {
  appEnv: AppEnv;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: how long a request waits for a connection; unset, the client's default. */
  databaseConnectTimeoutMs: number | undefined;
  /** PostgreSQL: how long a query may go unanswered (a silent host); unset, the client's default. */
  databaseQueryTimeoutMs: number | undefined;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Public origin of the site: every mailed link, the sitemap and robots.txt use it. Never the
   * request's Host, which whoever sends the request chooses.
   */
  publicUrl: string;
  trustProxy: TrustProxy;
  /** Where the built web app is; the server serves it when the directory exists. */
  webDist: string;
  logLevel: string;
  sessionIdleHours: number;
  sessionMaxDays: number;
  /** argon2 hashes allowed to run at once; each takes 19 MiB and a thread. */
  hashConcurrency: number;
  exchangeRateUrl: string;
  /**
   * The EU's VIES REST API that confirms VAT numbers (VIES_URL), or null for the embedded
   * simulated registry, which development and tests use unless told otherwise: they need no
   * network. Production asks the EU's service unless told another address.
   */
  viesUrl: string | null;
  /** Start the durable job worker in this process. */
  runJobs: boolean;
  /** Public-form submissions allowed per network in 15 minutes. */
  publicFormLimit: number;
  /** Mails a network may cause to be sent in 15 minutes, whatever the addresses. */
  mailLimitPerIp: number;
  /** Price quotes a network may ask of one instance in a minute. */
  quoteLimitPerMinute: number;
  /**
   * How much faster than a real provider the simulated providers work: 1 takes as long as the
   * real clouds (an EKS control plane, ten minutes); demos and tests turn it up.
   */
  providerSimSpeed: number;
  /**
   * DigitalOcean's API for the real DOKS driver: set by DIGITALOCEAN_TOKEN (null without it, and
   * `doks` stays simulated). DIGITALOCEAN_API_URL points it elsewhere (a double, staging);
   * DIGITALOCEAN_POLL_MS is how often a step asks again while DigitalOcean works (10 s).
   */
  digitalocean: DigitalOceanConfig | null;
  /**
   * Google's Container API for the real GKE driver: set by GKE_PROJECT (null without it, and
   * `gke` stays simulated), with Application Default Credentials. GKE_API_ENDPOINT points it
   * elsewhere (the tests' double), GKE_POLL_MS is how often a step asks again (10 s), and
   * ADDON_MANIFEST_MIRROR where the add-ons' release manifests are fetched from.
   */
  gke: GkeConfig | null;
  /**
   * Where kubectl reaches the simulated clusters' Kubernetes API. kubectl sends tokens only over
   * https: behind an https PUBLIC_URL it is that origin; otherwise the server opens a TLS
   * listener of its own on `kubeApiPort` (KUBE_API_PORT, by default PORT + 1443, 6443 for 5000).
   */
  kubeApiUrl: string;
  /** The TLS listener's port, or null when the public origin is https already. */
  kubeApiPort: number | null;
  /** What main.ts does when synchronous work keeps the event loop from turning. */
  eventLoop: {
    /** A stall this long is logged as a warning (EVENT_LOOP_WARN_MS). */
    warnMs: number;
    /** Profile the server to name each stall's code (EVENT_LOOP_PROFILE=1; costs a little). */
    profile: boolean;
    /** Also append each stall as a JSON line to this file (EVENT_LOOP_REPORT; test servers). */
    reportFile: string | undefined;
  };
  /** Where attachments and invoices' CSVs are kept: a directory, or an S3-compatible bucket. */
  fileStore: FileStoreConfig;
  /** How organizations' domain proofs (DNS TXT records) are looked up (DNS_RESOLVER). */
  dnsResolver: DnsResolverConfig;
  /** Support files a person may keep, in bytes (ATTACHMENT_QUOTA_PER_PERSON_MB). */
  attachmentQuotaPerPerson: number;
  /** Support files an organization may keep, in bytes (ATTACHMENT_QUOTA_PER_ORGANIZATION_MB). */
  attachmentQuotaPerOrganization: number;
  /** Files a person may upload in an hour (ATTACHMENT_UPLOADS_PER_HOUR). */
  attachmentUploadsPerHour: number;
  /**
   * Open sockets one address may hold on each listener; the next is closed at once. Behind a
   * proxy, the proxy's sockets all come from its address.
   */
  maxConnectionsPerAddress: number;
}

export type FileStoreConfig =
  | { kind: 'directory'; directory: string; explicit: boolean }
  | ({ kind: 's3' } & S3FileStoreOptions);

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const DEV_SESSION_SECRET = 'development-only-secret-do-not-use-in-production';

export class ConfigError extends Error {}

export interface DigitalOceanConfig {
  /** The API token (write scope on kubernetes); never logged, never answered. */
  token: string;
  apiUrl: string;
  pollMs: number;
}

/** DigitalOcean's own API, the default of DIGITALOCEAN_API_URL. */
export const DIGITALOCEAN_API_URL = 'https://api.digitalocean.com';

function digitalOceanFrom(env: NodeJS.ProcessEnv): DigitalOceanConfig | null {
  const token = env.DIGITALOCEAN_TOKEN?.trim();
  if (!token) return null;
  const apiUrl = (env.DIGITALOCEAN_API_URL?.trim() || DIGITALOCEAN_API_URL).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(apiUrl)) {
    throw new ConfigError(`DIGITALOCEAN_API_URL must be an http(s) URL, got "${apiUrl}"`);
  }
  return { token, apiUrl, pollMs: intFrom(env, 'DIGITALOCEAN_POLL_MS', 10_000) };
}

export interface GkeConfig {
  /** The Google Cloud project the clusters are created, billed and deleted in. */
  project: string;
  /** Another Container API than Google's (a double, a proxy): `http(s)://host:port`, or null. */
  apiEndpoint: string | null;
  /**
   * A fixed OAuth access token instead of Application Default Credentials, accepted only with
   * GKE_API_ENDPOINT (the double): production never takes a token from the environment.
   * Never logged, never answered.
   */
  accessToken: string | null;
  pollMs: number;
  /**
   * Where the add-ons' release manifests are fetched (ADDON_MANIFEST_MIRROR): a base URL that
   * serves `github.com/…` and `raw.githubusercontent.com/…` paths; null fetches them from GitHub.
   */
  manifestMirror: string | null;
}

function gkeFrom(env: NodeJS.ProcessEnv): GkeConfig | null {
  const project = env.GKE_PROJECT?.trim();
  if (!project) return null;
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) {
    throw new ConfigError(`GKE_PROJECT must be a Google Cloud project id, got "${project}"`);
  }
  const apiEndpoint = env.GKE_API_ENDPOINT?.trim().replace(/\/+$/, '') || null;
  if (apiEndpoint && !/^https?:\/\/[^/]+$/.test(apiEndpoint)) {
    throw new ConfigError(`GKE_API_ENDPOINT must be http(s)://host[:port], got "${apiEndpoint}"`);
  }
  const accessToken = env.GKE_ACCESS_TOKEN?.trim() || null;
  if (accessToken && !apiEndpoint) {
    throw new ConfigError(
      'GKE_ACCESS_TOKEN is only for a test endpoint (GKE_API_ENDPOINT): Google is reached with Application Default Credentials',
    );
  }
  const manifestMirror = env.ADDON_MANIFEST_MIRROR?.trim().replace(/\/+$/, '') || null;
  if (manifestMirror && !/^https?:\/\/[^/?#@]+(\/[^?#]*)?$/.test(manifestMirror)) {
    throw new ConfigError(
      'ADDON_MANIFEST_MIRROR must be an http(s) base URL, http(s)://host[:port][/path], without credentials or query',
    );
  }
  return {
    project,
    apiEndpoint,
    accessToken,
    pollMs: intFrom(env, 'GKE_POLL_MS', 10_000),
    manifestMirror,
  };
}

/** Development shows provisioning in about a minute; tests do not wait for it at all. */
const DEFAULT_PROVIDER_SIM_SPEED: Record<AppEnv, number> = {
  production: 1,
  development: 20,
  test: 1_000_000,
};

function kubeApiFrom(env: NodeJS.ProcessEnv, publicUrl: string, port: number) {
  if (publicUrl.startsWith('https:')) return { kubeApiUrl: publicUrl, kubeApiPort: null };
  const kubeApiPort = intFrom(env, 'KUBE_API_PORT', port + 1443);
  return { kubeApiUrl: `https://${new URL(publicUrl).hostname}:${kubeApiPort}`, kubeApiPort };
}

function providerSimSpeedFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv): number {
  const raw = env.PROVIDER_SIM_SPEED;
  if (raw === undefined || raw === '') return DEFAULT_PROVIDER_SIM_SPEED[appEnv];
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConfigError(`PROVIDER_SIM_SPEED must be a positive number, got "${raw}"`);
  }
  return value;
}

function intFrom<T extends number | undefined>(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: T,
): number | T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

/**
 * Unset means production: the demo users, their known password and the password-less dev
 * sign-in exist only when someone asks for development by name.
 */
function appEnvFrom(env: NodeJS.ProcessEnv): AppEnv {
  const appEnv = env.APP_ENV || 'production';
  if (appEnv !== 'development' && appEnv !== 'production' && appEnv !== 'test') {
    throw new ConfigError(`APP_ENV must be development, production or test, got "${appEnv}"`);
  }
  return appEnv;
}

function sessionSecretFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv): string {
  const sessionSecret = env.SESSION_SECRET ?? (appEnv === 'production' ? '' : DEV_SESSION_SECRET);
  if (appEnv === 'production' && sessionSecret.length < 32) {
    throw new ConfigError(
      'SESSION_SECRET is required in production: set it to at least 32 random characters ' +
        '(for example: openssl rand -base64 48).',
    );
  }
  return sessionSecret;
}

function publicUrlFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv, port: number): string {
  const raw = env.PUBLIC_URL;
  if (!raw) {
    if (appEnv === 'production') {
      throw new ConfigError(
        'PUBLIC_URL is required in production: set it to the origin people open, such as ' +
          'https://cloud.example.eu. Mailed links, the sitemap and robots.txt use it.',
      );
    }
    return `http://localhost:${port}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) origin such as https://cloud.example.eu, got "${raw}"`,
    );
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be an http(s) origin such as https://cloud.example.eu, got "${raw}"`,
    );
  }
  return url.origin;
}

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * Development has demo users with a known password and a password-less sign-in, so it must not
 * be reachable from another machine.
 */
function hostFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv): string {
  const host = env.HOST || (appEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  if (appEnv === 'development' && !isLoopback(host)) {
    throw new ConfigError(
      `HOST=${host} is not allowed in development: the demo users' password is public and ` +
        '/api/dev/login signs in without one, so development listens on loopback only ' +
        '(127.0.0.1, ::1 or localhost). Use APP_ENV=production to serve other machines.',
    );
  }
  return host;
}

/** Proxy names proxy-addr understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `true` would trust every hop, so the first X-Forwarded-For, which the client writes itself,
 * would become its IP and rate limits could be dodged by changing it: only a hop count or the
 * proxies' own addresses are accepted.
 */
function trustProxyFrom(env: NodeJS.ProcessEnv): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw === 'false' || raw === '0') return false;
  const explain =
    'Set it to the number of proxies in front of the server (TRUST_PROXY=1 for one nginx) or ' +
    'to their addresses or CIDR ranges, comma-separated (TRUST_PROXY=10.0.0.2,10.0.1.0/24).';
  if (raw === 'true') {
    throw new ConfigError(
      `TRUST_PROXY=true would trust any X-Forwarded-For a client sends. ${explain}`,
    );
  }
  if (/^\d+$/.test(raw)) {
    // What Fastify does with a number, which its option type does not list.
    const hops = Number(raw);
    return (_address, hop) => hop < hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY has an entry that is not an address or CIDR range: "${invalid.join('", "')}". ${explain}`,
    );
  }
  return entries;
}

/**
 * An S3-compatible bucket when FILE_STORE_S3_BUCKET is set; otherwise a directory
 * (FILE_STORE_DIR, by default DATA_DIR/files). A directory is this machine's alone: in production
 * on PostgreSQL, where several instances may share the database, it must be named on purpose
 * (a volume every instance mounts, or a deployment of one instance), or files uploaded to one
 * instance would be missing on the others.
 */
function fileStoreFrom(
  env: NodeJS.ProcessEnv,
  appEnv: AppEnv,
  dataDir: string,
  databaseUrl: string | undefined,
): FileStoreConfig {
  const bucket = env.FILE_STORE_S3_BUCKET?.trim();
  if (bucket) {
    const prefix = env.FILE_STORE_S3_PREFIX?.trim() ?? '';
    if (prefix && !/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/$/.test(prefix)) {
      throw new ConfigError(
        `FILE_STORE_S3_PREFIX must be path segments ending with a slash, such as alpenkube/, got "${prefix}"`,
      );
    }
    return {
      kind: 's3',
      bucket,
      endpoint: env.FILE_STORE_S3_ENDPOINT || undefined,
      region: env.FILE_STORE_S3_REGION || undefined,
      forcePathStyle: env.FILE_STORE_S3_FORCE_PATH_STYLE === 'true',
      prefix,
    };
  }
  const explicit = Boolean(env.FILE_STORE_DIR);
  if (!explicit && appEnv === 'production' && databaseUrl) {
    throw new ConfigError(
      'With DATABASE_URL, set FILE_STORE_S3_BUCKET (an S3-compatible bucket every instance ' +
        'shares) or FILE_STORE_DIR (a directory every instance mounts, or that the only ' +
        "instance keeps): files kept in one instance's DATA_DIR would be missing on the others.",
    );
  }
  return {
    kind: 'directory',
    directory: path.resolve(env.FILE_STORE_DIR || path.join(dataDir, 'files')),
    explicit,
  };
}

const MB = 1024 * 1024;

/**
 * The system's resolver; named servers (`host[:port]`, comma-separated), asked instead; or the
 * server's own DNS server on a loopback port answering from a file, for a development machine
 * that owns no domain.
 */
export type DnsResolverConfig =
  | { kind: 'system' }
  | { kind: 'servers'; servers: string[] }
  | { kind: 'embedded'; recordsFile: string };

function dnsResolverFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv, dataDir: string) {
  const raw = env.DNS_RESOLVER?.trim();
  if (raw === 'system') return { kind: 'system' } as const;
  if (raw === 'embedded' || (!raw && appEnv === 'development')) {
    return { kind: 'embedded', recordsFile: path.join(dataDir, 'dns-records.txt') } as const;
  }
  if (!raw) return { kind: 'system' } as const;
  const servers = raw.split(',').map((one) => one.trim());
  for (const server of servers) {
    const [, host = '', port] = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(server) ?? [];
    if (!net.isIP(host) || (port !== undefined && (+port < 1 || +port > 65535))) {
      throw new ConfigError(
        `DNS_RESOLVER must be "system", "embedded" or IP addresses with optional ports such as 127.0.0.1:5353, got "${server}"`,
      );
    }
  }
  return { kind: 'servers', servers } as const;
}

/** The EU's published endpoint of the VIES REST API. */
export const EU_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

function viesUrlFrom(env: NodeJS.ProcessEnv, appEnv: AppEnv): string | null {
  const raw = env.VIES_URL?.trim();
  if (raw) {
    if (!/^https?:\/\//.test(raw))
      throw new ConfigError(`VIES_URL must be an http(s) URL, got "${raw}"`);
    return raw.replace(/\/+$/, '');
  }
  return appEnv === 'production' ? EU_VIES_URL : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const appEnv = appEnvFrom(env);
  const port = intFrom(env, 'PORT', 5000);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    appEnv,
    host: hostFrom(env, appEnv),
    port,
    dataDir,
    databaseUrl,
    databaseConnectTimeoutMs: intFrom(env, 'DATABASE_CONNECT_TIMEOUT_MS', undefined),
    databaseQueryTimeoutMs: intFrom(env, 'DATABASE_QUERY_TIMEOUT_MS', undefined),
    sessionSecret: sessionSecretFrom(env, appEnv),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Alpenkube <no-reply@alpenkube.eu>',
    publicUrl: publicUrlFrom(env, appEnv, port),
    trustProxy: trustProxyFrom(env),
    webDist: path.resolve(env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? (appEnv === 'test' ? 'silent' : 'info'),
    sessionIdleHours: intFrom(env, 'SESSION_IDLE_HOURS', 7 * 24),
    sessionMaxDays: intFrom(env, 'SESSION_MAX_DAYS', 30),
    hashConcurrency: intFrom(env, 'HASH_CONCURRENCY', 4),
    exchangeRateUrl:
      env.EXCHANGE_RATE_URL ?? 'https://api.frankfurter.dev/v1/latest?base=USD&symbols=EUR,GBP',
    viesUrl: viesUrlFrom(env, appEnv),
    runJobs: env.RUN_JOBS !== 'false',
    publicFormLimit: intFrom(env, 'PUBLIC_FORM_LIMIT', 10),
    mailLimitPerIp: intFrom(env, 'MAIL_LIMIT_PER_IP', 20),
    quoteLimitPerMinute: intFrom(env, 'QUOTE_LIMIT_PER_MINUTE', 120),
    providerSimSpeed: providerSimSpeedFrom(env, appEnv),
    digitalocean: digitalOceanFrom(env),
    gke: gkeFrom(env),
    maxConnectionsPerAddress: intFrom(env, 'MAX_CONNECTIONS_PER_ADDRESS', 256),
    ...kubeApiFrom(env, publicUrlFrom(env, appEnv, port), port),
    eventLoop: {
      warnMs: intFrom(env, 'EVENT_LOOP_WARN_MS', 500),
      profile: env.EVENT_LOOP_PROFILE === '1',
      reportFile: env.EVENT_LOOP_REPORT || undefined,
    },
    fileStore: fileStoreFrom(env, appEnv, dataDir, databaseUrl),
    dnsResolver: dnsResolverFrom(env, appEnv, dataDir),
    attachmentQuotaPerPerson: intFrom(env, 'ATTACHMENT_QUOTA_PER_PERSON_MB', 500) * MB,
    attachmentQuotaPerOrganization: intFrom(env, 'ATTACHMENT_QUOTA_PER_ORGANIZATION_MB', 2048) * MB,
    attachmentUploadsPerHour: intFrom(env, 'ATTACHMENT_UPLOADS_PER_HOUR', 60),
  };
}

export const isDevelopment = (config: AppConfig) => config.appEnv === 'development';
