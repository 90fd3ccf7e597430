import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { ProviderError } from './provider-driver.ts';
import { ProviderThrottled, retryAfterMs, waitOrCancel } from './provider-retry.ts';

/**
 * A real cluster's own Kubernetes API, reached with its kubeconfig, for the add-on installs of
 * `kube-apply.ts`: calls retried on a network failure, a 5xx or a short 429, and its discovery
 * (which kinds it serves, namespaced or not) asked once per group version.
 */

/** A manifest's object, as written. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [field: string]: unknown };
  [field: string]: unknown;
}

/** Attempts of one call when the cluster's API fails or throttles. */
const ATTEMPTS = 3;
/** The longest wait for a throttled call inside one call; longer, the step asks again later. */
const MAX_WAIT_MS = 20_000;

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

/**
 * One cluster's API, from a kubeconfig (its server, authority and credential). No message made
 * here carries the credential, a header or the client's own error text: only the cluster's
 * status and the `message` of its Status answer.
 */
export function connectToCluster(kubeconfig: string | KubeConfig) {
  const config =
    typeof kubeconfig === 'string'
      ? (() => {
          const loaded = new KubeConfig();
          loaded.loadFromString(kubeconfig);
          return loaded;
        })()
      : kubeconfig;
  const server = new URL(config.getCurrentCluster()?.server ?? '');
  const prefix = server.pathname.replace(/\/+$/, '');
  /** Each API group's resources, asked once per connection: `apps/v1` → its list, or null. */
  const discovered = new Map<string, Promise<DiscoveredResource[] | null>>();

  async function once(
    method: string,
    path: string,
    body: unknown,
    contentType: string,
    signal?: AbortSignal,
  ): Promise<Answer> {
    const options: https.RequestOptions = {
      host: server.hostname,
      port: Number(server.port || 443),
      method,
      path: `${prefix}${path}`,
      headers: {},
      timeout: 30_000,
      signal,
    };
    await config.applyToHTTPSOptions(options);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    options.headers = {
      ...options.headers,
      accept: 'application/json',
      ...(payload === undefined
        ? {}
        : { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) }),
    };
    return new Promise((resolve, reject) => {
      const request = https.request(options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let parsed: Record<string, unknown> | null = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
          } catch {
            parsed = null;
          }
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            body: parsed,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          });
        });
      });
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(payload);
    });
  }

  /**
   * A call, sent again on a network failure, a 5xx or a short 429 (three attempts); then a
   * retryable failure, or a throttled one. The answer otherwise, 4xx included, for the caller.
   */
  async function call(
    what: string,
    method: string,
    path: string,
    options: { body?: unknown; contentType?: string; signal?: AbortSignal } = {},
  ): Promise<Answer> {
    let problem = `The cluster's Kubernetes API could not be reached to ${what}`;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      options.signal?.throwIfAborted();
      let answer: Answer;
      try {
        answer = await once(
          method,
          path,
          options.body,
          options.contentType ?? 'application/json',
          options.signal,
        );
      } catch {
        if (options.signal?.aborted) throw new ProviderError('The call was cancelled', true);
        if (attempt < ATTEMPTS) await wait(250 * 2 ** attempt, options.signal);
        continue;
      }
      if (answer.status === 429) {
        const delay = retryAfterMs(answer.retryAfter);
        if (attempt < ATTEMPTS && delay <= MAX_WAIT_MS) {
          await wait(delay, options.signal);
          continue;
        }
        throw new ProviderThrottled("The cluster's Kubernetes API", delay);
      }
      if (answer.status >= 500) {
        problem = `The cluster's Kubernetes API failed to ${what} (${answer.status}${said(answer)})`;
        if (attempt < ATTEMPTS) await wait(250 * 2 ** attempt, options.signal);
        continue;
      }
      return answer;
    }
    throw new ProviderError(problem, true);
  }

  /** The resource of a kind, from the cluster's discovery; null when it serves no such kind. */
  async function resourceOf(object: KubeObject, signal?: AbortSignal) {
    const groupVersion = object.apiVersion;
    let listing = discovered.get(groupVersion);
    if (!listing) {
      listing = (async () => {
        const path = groupVersion.includes('/') ? `/apis/${groupVersion}` : `/api/${groupVersion}`;
        const answer = await call(`discover ${groupVersion}`, 'GET', path, { signal });
        if (answer.status === 404) return null;
        if (answer.status >= 300) throw refusal(`discover ${groupVersion}`, answer);
        return (answer.body?.resources as DiscoveredResource[] | undefined) ?? [];
      })();
      listing.catch(() => discovered.delete(groupVersion));
      discovered.set(groupVersion, listing);
    }
    const resources = await listing;
    return (
      resources?.find(
        (resource) => resource.kind === object.kind && !resource.name.includes('/'),
      ) ?? null
    );
  }

  /** The object's path, once its resource is known (its namespace placed already). */
  function pathOf(object: KubeObject, resource: DiscoveredResource) {
    const base = object.apiVersion.includes('/')
      ? `/apis/${object.apiVersion}`
      : `/api/${object.apiVersion}`;
    const where =
      resource.namespaced && object.metadata.namespace
        ? `/namespaces/${encodeURIComponent(object.metadata.namespace)}`
        : '';
    return `${base}${where}/${resource.name}/${encodeURIComponent(object.metadata.name)}`;
  }

  return { call, resourceOf, pathOf };
}

export interface DiscoveredResource {
  name: string;
  kind: string;
  namespaced: boolean;
}

const wait = (ms: number, signal?: AbortSignal) =>
  waitOrCancel(ms, "the cluster's Kubernetes API", signal);

const said = (answer: Answer) =>
  typeof answer.body?.message === 'string' && answer.body.message ? `: ${answer.body.message}` : '';

/** A 4xx retrying cannot help: the operation fails with the cluster's own message. */
export const refusal = (what: string, answer: Answer) =>
  new ProviderError(
    `The cluster's Kubernetes API refused to ${what} (${answer.status}${said(answer)})`,
    false,
  );
