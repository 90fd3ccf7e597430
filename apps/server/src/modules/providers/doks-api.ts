import type { DigitalOceanConfig } from '../../config.ts';
import { ProviderError } from './provider-driver.ts';
import { ProviderThrottled, retryAfterMs, waitOrCancel } from './provider-retry.ts';

/** The shapes of DigitalOcean's API v2 the DOKS driver reads (its OpenAPI definition's names). */
export interface DoNode {
  id: string;
  name: string;
  status: { state: 'provisioning' | 'running' | 'draining' | 'deleting' };
  droplet_id?: string;
  created_at: string;
}

export interface DoNodePool {
  id: string;
  name: string;
  size: string;
  count: number;
  tags?: string[];
  nodes: DoNode[];
}

export interface DoCluster {
  id: string;
  name: string;
  region: string;
  version: string;
  endpoint?: string;
  ha?: boolean;
  tags: string[];
  node_pools: DoNodePool[];
  status: {
    state: 'running' | 'provisioning' | 'degraded' | 'error' | 'deleted' | 'upgrading' | 'deleting';
    message?: string;
  };
  created_at: string;
}

/** A VPC network of the account (`vpc` in the definition's `specification/resources/vpcs`). */
export interface DoVpc {
  id: string;
  name: string;
  description?: string;
  region: string;
  ip_range: string;
  default?: boolean;
  created_at?: string;
}

/** A page of `GET /v2/vpcs`: the next page's URL while there is one. */
interface DoVpcPage {
  vpcs: DoVpc[] | null;
  links?: { pages?: { next?: string } };
  meta?: { total: number };
}

export interface DoVersion {
  slug: string;
  kubernetes_version: string;
}

export interface DoOptions {
  regions: { name: string; slug: string }[];
  versions: DoVersion[];
  sizes: { name: string; slug: string }[];
}

/** The account's standing and its Droplet limit (`GET /v2/account`, `GET /v2/droplets`). */
export interface DoAccount {
  status: 'active' | 'warning' | 'locked';
  status_message: string;
  droplet_limit: number;
}

/** Attempts of one call when DigitalOcean throttles (429) or fails (5xx, network). */
const ATTEMPTS = 3;
/** The longest `Retry-After` waited for inside one call; longer, the step is retried later. */
const MAX_WAIT_MS = 20_000;

const wait = (ms: number, signal?: AbortSignal) => waitOrCancel(ms, 'DigitalOcean', signal);

export interface DoAnswer<T> {
  status: number;
  body: T;
  text: string;
}

/**
 * DigitalOcean's API v2 over plain fetch. A 429 waits for its `Retry-After`, a 5xx or a network
 * failure backs off, both a few times; then a retryable `ProviderError`. 401/403 and 4xx are
 * `ProviderError`s retrying cannot help, with DigitalOcean's message, except a 404 the caller
 * asked to receive. The token goes in the Authorization header and nowhere else: no message,
 * error or log line holds it.
 */
export function createDoApi(config: DigitalOceanConfig) {
  async function call<T>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      signal?: AbortSignal;
      allow404?: boolean;
      accept?: string;
      /**
       * A request DigitalOcean may have carried out though its answer was lost (a create): a
       * network failure or 5xx is not sent again here, the step is retried instead, and it
       * looks the resource up before asking again. A 429 was not carried out, and waits.
       */
      once?: boolean;
    } = {},
  ): Promise<DoAnswer<T>> {
    let lastProblem = 'DigitalOcean did not answer';
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${config.token}`,
            accept: options.accept ?? 'application/json',
            ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal
            ? AbortSignal.any([options.signal, AbortSignal.timeout(30_000)])
            : AbortSignal.timeout(30_000),
        });
      } catch (error) {
        if (options.signal?.aborted) throw new ProviderError('The call was cancelled', true);
        lastProblem = `DigitalOcean could not be reached (${(error as Error).name})`;
        if (options.once) break;
        if (attempt < ATTEMPTS) await wait(250 * 2 ** attempt, options.signal);
        continue;
      }
      const text = await response.text();
      if (response.ok || (response.status === 404 && options.allow404)) {
        const json = options.accept ? text : text ? safeJson(text) : null;
        return { status: response.status, body: json as T, text };
      }
      const refusal = safeJson(text) as { id?: string; message?: string } | null;
      const message = refusal?.message ?? '';
      if (response.status === 429) {
        const delay = retryAfterMs(response.headers.get('retry-after'));
        if (attempt < ATTEMPTS && delay <= MAX_WAIT_MS) {
          await wait(delay, options.signal);
          continue;
        }
        throw new ProviderThrottled('DigitalOcean', delay);
      }
      if (response.status >= 500) {
        lastProblem = `DigitalOcean failed (${response.status}${message ? `: ${message}` : ''})`;
        if (options.once) break;
        if (attempt < ATTEMPTS) await wait(250 * 2 ** attempt, options.signal);
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        throw new ProviderError(
          `DigitalOcean refused the platform's API token (${response.status}${message ? `: ${message}` : ''})`,
          false,
          refusal?.id,
        );
      }
      throw new ProviderError(
        `DigitalOcean refused the request (${response.status}${message ? `: ${message}` : ''})`,
        false,
        refusal?.id,
      );
    }
    throw new ProviderError(lastProblem, true);
  }

  return {
    call,
    /** Every cluster of the account, page after page. */
    async clusters(signal?: AbortSignal): Promise<DoCluster[]> {
      const all: DoCluster[] = [];
      for (let page = 1; page < 100; page += 1) {
        const { body } = await call<{ kubernetes_clusters: DoCluster[] | null }>(
          'GET',
          `/v2/kubernetes/clusters?per_page=200&page=${page}`,
          { signal },
        );
        const clusters = body.kubernetes_clusters ?? [];
        all.push(...clusters);
        if (clusters.length < 200) break;
      }
      return all;
    },
    /**
     * Every VPC of the account, page after page (`GET /v2/vpcs`, following `links.pages.next`
     * while DigitalOcean gives one).
     */
    async vpcs(signal?: AbortSignal): Promise<DoVpc[]> {
      const all: DoVpc[] = [];
      let path: string | null = '/v2/vpcs?per_page=200&page=1';
      for (let pages = 0; path && pages < 100; pages += 1) {
        const answer: DoAnswer<DoVpcPage> = await call<DoVpcPage>('GET', path, { signal });
        all.push(...(answer.body.vpcs ?? []));
        const next: string | undefined = answer.body.links?.pages?.next;
        // DigitalOcean gives the next page as a whole URL: its path and query are asked here.
        path = next ? nextPath(next) : null;
      }
      return all;
    },
    /** One VPC by DigitalOcean's id; null once it is gone. */
    async vpc(id: string, signal?: AbortSignal): Promise<DoVpc | null> {
      const answer = await call<{ vpc: DoVpc }>('GET', `/v2/vpcs/${encodeURIComponent(id)}`, {
        signal,
        allow404: true,
      });
      return answer.status === 404 ? null : answer.body.vpc;
    },
    async cluster(id: string, signal?: AbortSignal): Promise<DoCluster | null> {
      const answer = await call<{ kubernetes_cluster: DoCluster }>(
        'GET',
        `/v2/kubernetes/clusters/${id}`,
        { signal, allow404: true },
      );
      return answer.status === 404 ? null : answer.body.kubernetes_cluster;
    },
    async options(signal?: AbortSignal): Promise<DoOptions> {
      const { body } = await call<{ options: DoOptions }>('GET', '/v2/kubernetes/options', {
        signal,
      });
      return body.options;
    },
    async upgrades(id: string, signal?: AbortSignal): Promise<DoVersion[]> {
      const { body } = await call<{ available_upgrade_versions: DoVersion[] | null }>(
        'GET',
        `/v2/kubernetes/clusters/${id}/upgrades`,
        { signal },
      );
      return body.available_upgrade_versions ?? [];
    },
    /** The cluster's status messages since a time (`GET …/status_messages?since=`). */
    async statusMessages(id: string, since: Date, signal?: AbortSignal) {
      const { body } = await call<{ messages: { message: string; timestamp: string }[] | null }>(
        'GET',
        `/v2/kubernetes/clusters/${id}/status_messages?since=${encodeURIComponent(since.toISOString())}`,
        { signal },
      );
      return body.messages ?? [];
    },
    async account(signal?: AbortSignal): Promise<DoAccount> {
      const { body } = await call<{ account: DoAccount }>('GET', '/v2/account', { signal });
      return body.account;
    },
    /** How many Droplets the account has now (nodes of every cluster among them). */
    async dropletCount(signal?: AbortSignal): Promise<number> {
      const { body } = await call<{ meta: { total: number } }>('GET', '/v2/droplets?per_page=1', {
        signal,
      });
      return body.meta.total;
    },
    async kubeconfig(id: string, signal?: AbortSignal): Promise<string> {
      const { body } = await call<string>('GET', `/v2/kubernetes/clusters/${id}/kubeconfig`, {
        signal,
        accept: 'application/yaml',
      });
      return body;
    },
  };
}
export type DoApi = ReturnType<typeof createDoApi>;

/**
 * The path and query of a page DigitalOcean links to (`https://api.digitalocean.com/v2/…`), from
 * its `/v2/`: asked of the configured API's address, a proxy's too.
 */
function nextPath(link: string): string | null {
  try {
    const url = new URL(link, 'https://api.digitalocean.com');
    const at = url.pathname.indexOf('/v2/');
    return at < 0 ? null : url.pathname.slice(at) + url.search;
  } catch {
    return null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
