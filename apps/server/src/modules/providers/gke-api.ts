import { AsyncLocalStorage } from 'node:async_hooks';
import type { v1 } from '@google-cloud/container';
import type { GkeConfig } from '../../config.ts';
import { ProviderError } from './provider-driver.ts';
import { ProviderThrottled, retryAfterMs, waitOrCancel } from './provider-retry.ts';

/**
 * The shapes of Google's Container API v1 the GKE driver reads, under the names of its discovery
 * document (`Cluster`, `NodePool`, `Operation`, `ServerConfig`); the client decodes enums as
 * their names and fills absent fields with their defaults.
 */
export interface GkeNodePool {
  name: string;
  version: string;
  initialNodeCount: number;
  status:
    | 'STATUS_UNSPECIFIED'
    | 'PROVISIONING'
    | 'RUNNING'
    | 'RUNNING_WITH_ERROR'
    | 'RECONCILING'
    | 'STOPPING'
    | 'ERROR';
  statusMessage: string;
  config?: { machineType?: string; imageType?: string; labels?: Record<string, string> } | null;
}

export interface GkeCluster {
  name: string;
  location: string;
  endpoint: string;
  currentMasterVersion: string;
  resourceLabels: Record<string, string>;
  status:
    | 'STATUS_UNSPECIFIED'
    | 'PROVISIONING'
    | 'RUNNING'
    | 'RECONCILING'
    | 'STOPPING'
    | 'ERROR'
    | 'DEGRADED';
  statusMessage: string;
  nodePools: GkeNodePool[];
  masterAuth?: { clusterCaCertificate?: string } | null;
  conditions?: { code?: string; message?: string }[];
}

export interface GkeOperation {
  name: string;
  operationType: string;
  status: 'STATUS_UNSPECIFIED' | 'PENDING' | 'RUNNING' | 'DONE' | 'ABORTING';
  statusMessage: string;
  targetLink: string;
  location: string;
  startTime: string;
  endTime: string;
  error?: { code?: number; message?: string } | null;
}

export interface GkeServerConfig {
  defaultClusterVersion: string;
  validMasterVersions: string[];
  validNodeVersions: string[];
}

/** gRPC's canonical codes, as the REST transport reports Google's `error.status`. */
const CODES: Record<number, string> = {
  1: 'CANCELLED',
  2: 'UNKNOWN',
  3: 'INVALID_ARGUMENT',
  4: 'DEADLINE_EXCEEDED',
  5: 'NOT_FOUND',
  6: 'ALREADY_EXISTS',
  7: 'PERMISSION_DENIED',
  8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION',
  10: 'ABORTED',
  11: 'OUT_OF_RANGE',
  12: 'UNIMPLEMENTED',
  13: 'INTERNAL',
  14: 'UNAVAILABLE',
  16: 'UNAUTHENTICATED',
};
/** Passing conditions: asked again after a back-off (a call, or a step whose operation failed so). */
export const PASSING = new Set([
  'UNKNOWN',
  'DEADLINE_EXCEEDED',
  'ABORTED',
  'INTERNAL',
  'UNAVAILABLE',
]);

export const codeName = (code: number | undefined) => CODES[code ?? 2] ?? 'UNKNOWN';

/** Attempts of one call when Google throttles or fails. */
const ATTEMPTS = 3;
/** The longest wait for a throttled call inside one call; longer, the step is retried later. */
const MAX_WAIT_MS = 20_000;
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

interface GoogleFailure {
  code?: number;
  message?: string;
  httpStatusCode?: number;
  statusDetails?: { retryDelay?: { seconds?: string | number; nanos?: number } }[];
}

/** What one call heard of a throttling answer's `Retry-After`, outside the client's error. */
const heard = new AsyncLocalStorage<{ retryAfter: string | null }>();

/** `RetryInfo.retryDelay` of Google's error details, or its `Retry-After` header, in ms. */
function throttleDelay(failure: GoogleFailure, header: string | null): number {
  const info = failure.statusDetails?.find((detail) => detail?.retryDelay)?.retryDelay;
  if (info) return Number(info.seconds ?? 0) * 1000 + Math.round((info.nanos ?? 0) / 1e6);
  return retryAfterMs(header);
}

/**
 * The client's authentication: Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS,
 * the metadata server, gcloud's), or the tests' fixed token towards their double. Its `fetch`
 * is watched for the `Retry-After` of a throttled answer, which the REST transport drops.
 */
async function authClient(config: GkeConfig) {
  const { GoogleAuth, OAuth2Client } = await import('google-auth-library');
  let client;
  if (config.accessToken) {
    const fixed = new OAuth2Client();
    fixed.setCredentials({
      access_token: config.accessToken,
      expiry_date: Date.now() + 10 * 365 * 86_400_000,
    });
    client = fixed;
  } else {
    client = await new GoogleAuth({ scopes: [SCOPE] }).getClient();
  }
  const fetch = client.fetch.bind(client);
  const note = (headers: Headers | undefined) => {
    const store = heard.getStore();
    if (store && headers && typeof headers.get === 'function') {
      store.retryAfter = headers.get('retry-after');
    }
  };
  client.fetch = (async (...args: Parameters<typeof fetch>) => {
    try {
      const response = await fetch(...args);
      if (!response.ok) note(response.headers);
      return response;
    } catch (error) {
      note((error as { response?: { headers?: Headers } }).response?.headers);
      throw error;
    }
  }) as typeof client.fetch;
  return client;
}

/**
 * Google's Container API v1 through `@google-cloud/container` over its REST transport, loaded
 * at the first call (a server without GKE_PROJECT never loads it). The client's own retries are
 * off: throttling (RESOURCE_EXHAUSTED, 429) waits for Google's retry delay, a passing failure
 * (UNAVAILABLE, INTERNAL, a network error) backs off, both a few times, then a retryable
 * `ProviderError`; a refusal (INVALID_ARGUMENT, FAILED_PRECONDITION, PERMISSION_DENIED…) is a
 * `ProviderError` retrying cannot help, in Google's words. No credential is in any message.
 */
export function createGkeApi(config: GkeConfig) {
  let connecting: Promise<v1.ClusterManagerClient> | null = null;
  let authenticating: ReturnType<typeof authClient> | null = null;
  const auth = () => (authenticating ??= authClient(config));

  async function connect(): Promise<v1.ClusterManagerClient> {
    const container = await import('@google-cloud/container');
    const endpoint = config.apiEndpoint ? new URL(config.apiEndpoint) : null;
    const protocol = endpoint?.protocol.slice(0, -1);
    return new (container.v1 ?? container.default.v1).ClusterManagerClient({
      fallback: true,
      authClient: await auth(),
      ...(endpoint
        ? {
            apiEndpoint: endpoint.hostname,
            port: Number(endpoint.port || (protocol === 'http' ? 80 : 443)),
            protocol,
          }
        : {}),
    } as ConstructorParameters<typeof v1.ClusterManagerClient>[0]);
  }

  function client() {
    connecting ??= connect().catch((error: unknown) => {
      connecting = null;
      authenticating = null;
      throw new ProviderError(
        `Google Cloud credentials could not be loaded (${(error as Error).message})`,
        false,
      );
    });
    return connecting;
  }

  const wait = (ms: number, signal?: AbortSignal) =>
    waitOrCancel(ms, 'Google Kubernetes Engine', signal);

  async function call<T>(
    ask: (
      client: v1.ClusterManagerClient,
      options: { timeout: number; retry: { retryCodes: number[] } },
    ) => Promise<unknown[]> & { cancel?: () => void },
    options: {
      signal?: AbortSignal;
      /** NOT_FOUND answers null instead of failing. */
      allowNotFound?: boolean;
      /**
       * A request Google may have carried out though its answer was lost (a create): a
       * passing failure is not sent again here; the step is retried, and looks first.
       */
      once?: boolean;
    } = {},
  ): Promise<T | null> {
    const manager = await client();
    let lastProblem = 'Google Kubernetes Engine did not answer';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      const store = { retryAfter: null as string | null };
      try {
        const [answer] = await heard.run(store, async () => {
          // No retry codes: the client sends once, and this loop decides what to send again.
          const pending = ask(manager, { timeout: 30_000, retry: { retryCodes: [] } });
          const cancel = () => pending.cancel?.();
          options.signal?.addEventListener('abort', cancel, { once: true });
          try {
            return await pending;
          } finally {
            options.signal?.removeEventListener('abort', cancel);
          }
        });
        return answer as T;
      } catch (error) {
        if (options.signal?.aborted) throw new ProviderError('The call was cancelled', true);
        const failure = error as GoogleFailure;
        const code = codeName(failure.code);
        // Google's own words: the error's message (`details` is the decoded detail list).
        const said = failure.message ?? '';
        if (code === 'NOT_FOUND' && options.allowNotFound) return null;
        if (code === 'RESOURCE_EXHAUSTED' && failure.httpStatusCode === 429) {
          const delay = throttleDelay(failure, store.retryAfter);
          if (attempt < ATTEMPTS && delay <= MAX_WAIT_MS) {
            await wait(delay, options.signal);
            continue;
          }
          throw new ProviderThrottled('Google Kubernetes Engine', delay);
        }
        if (PASSING.has(code)) {
          lastProblem = `Google Kubernetes Engine failed (${code}${said ? `: ${said}` : ''})`;
          if (options.once) break;
          if (attempt < ATTEMPTS) await wait(250 * 2 ** attempt, options.signal);
          continue;
        }
        if (code === 'UNAUTHENTICATED' || code === 'PERMISSION_DENIED') {
          throw new ProviderError(
            `Google refused the platform's credentials (${code}${said ? `: ${said}` : ''})`,
            false,
          );
        }
        throw new ProviderError(
          `Google Kubernetes Engine refused the request (${code}${said ? `: ${said}` : ''})`,
          false,
          code,
        );
      }
    }
    throw new ProviderError(lastProblem, true);
  }

  const opts = (signal?: AbortSignal) => ({ signal });
  const parent = (location: string) => `projects/${config.project}/locations/${location}`;

  /**
   * A read of Compute Engine's API (machine types, a region's quotas), which the Container API
   * does not give, with the same credentials: null when the account may not read it (it needs
   * `compute.machineTypes.list` and `compute.regions.get`, e.g. roles/compute.viewer) or it does
   * not answer; Google then enforces what the platform could not check.
   */
  async function compute<T>(path: string, signal?: AbortSignal): Promise<T | null> {
    try {
      const base = config.apiEndpoint ?? 'https://compute.googleapis.com';
      const answer = await (
        await auth()
      ).request<T>({
        url: `${base}/compute/v1/projects/${config.project}/${path}`,
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : undefined,
        timeout: 15_000,
      });
      return answer.data;
    } catch {
      return null;
    }
  }

  return {
    project: config.project,
    parent,
    call,
    /** The platform's current Google access token, for a cluster's own API; never handed out. */
    async accessToken(): Promise<string> {
      try {
        await client();
        const { token } = await (await auth()).getAccessToken();
        if (token) return token;
      } catch (error) {
        if (error instanceof ProviderError) throw error;
      }
      throw new ProviderError('Google gave the platform no access token', true);
    },
    /** A zone's machine types among `names`, with their vCPUs; null when unreadable. */
    async machineTypes(zone: string, names: string[], signal?: AbortSignal) {
      const filter = encodeURIComponent(`name eq '(${names.join('|')})'`);
      const answer = await compute<{ items?: { name: string; guestCpus: number }[] }>(
        `zones/${zone}/machineTypes?filter=${filter}&maxResults=500`,
        signal,
      );
      return answer && new Map((answer.items ?? []).map((type) => [type.name, type.guestCpus]));
    },
    /** A region's CPU quota (`CPUS`, the one E2 machines count against); null when unreadable. */
    async cpuQuota(region: string, signal?: AbortSignal) {
      const answer = await compute<{ quotas?: { metric: string; limit: number; usage: number }[] }>(
        `regions/${region}`,
        signal,
      );
      return answer?.quotas?.find((quota) => quota.metric === 'CPUS') ?? null;
    },
    /** Every cluster of the project, in every location (`locations/-`). */
    async clusters(signal?: AbortSignal): Promise<GkeCluster[]> {
      const answer = await call<{ clusters?: GkeCluster[] }>(
        (c, o) => c.listClusters({ parent: parent('-') }, o),
        opts(signal),
      );
      return answer?.clusters ?? [];
    },
    async cluster(location: string, name: string, signal?: AbortSignal) {
      return call<GkeCluster>(
        (c, o) => c.getCluster({ name: `${parent(location)}/clusters/${name}` }, o),
        { signal, allowNotFound: true },
      );
    },
    async operations(location: string, signal?: AbortSignal): Promise<GkeOperation[]> {
      const answer = await call<{ operations?: GkeOperation[] }>(
        (c, o) => c.listOperations({ parent: parent(location) }, o),
        opts(signal),
      );
      return answer?.operations ?? [];
    },
    async operation(location: string, name: string, signal?: AbortSignal) {
      return call<GkeOperation>(
        (c, o) => c.getOperation({ name: `${parent(location)}/operations/${name}` }, o),
        { signal, allowNotFound: true },
      );
    },
    /** What Google offers in a location; null where it offers GKE no more (or never did). */
    async serverConfig(location: string, signal?: AbortSignal): Promise<GkeServerConfig | null> {
      try {
        return await call<GkeServerConfig>(
          (c, o) => c.getServerConfig({ name: parent(location) }, o),
          { signal, allowNotFound: true },
        );
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'INVALID_ARGUMENT') return null;
        throw error;
      }
    },
  };
}
export type GkeApi = ReturnType<typeof createGkeApi>;
