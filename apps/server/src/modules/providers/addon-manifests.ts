import { parseAllDocuments } from 'yaml';
import type { KubeObject } from './kube-apply.ts';
import { ProviderError } from './provider-driver.ts';
import { waitOrCancel } from './provider-retry.ts';

/**
 * An add-on's upstream release manifest (one multi-document YAML file at a pinned URL), fetched
 * when it is installed or removed and parsed into the objects `kube-apply.ts` applies. An
 * operator's mirror (ADDON_MANIFEST_MIRROR) serves the same files under `<mirror>/<host>/<path>`
 * (`https://github.com/cert-manager/…/cert-manager.yaml` at
 * `<mirror>/github.com/cert-manager/…/cert-manager.yaml`); the tests' double is one.
 */

/** Attempts of one fetch; then the step fails as retryable (the runner's back-off). */
const ATTEMPTS = 3;
/** One attempt's limit, the download included. */
const TIMEOUT_MS = 30_000;
/** The largest manifest read (Kyverno's, CRDs and all, is a few MB). */
const MAX_BYTES = 20 * 1024 * 1024;

/** Where a pinned URL is fetched: itself, or its path under the mirror. */
export function mirrored(url: string, mirror: string | null): string {
  if (!mirror) return url;
  const { host, pathname } = new URL(url);
  return `${mirror.replace(/\/+$/, '')}/${host}${pathname}`;
}

/** A URL as a message may show it: no credential a mirror's address might carry. */
function shown(url: string): string {
  const shownUrl = new URL(url);
  shownUrl.username = '';
  shownUrl.password = '';
  shownUrl.search = '';
  return shownUrl.toString();
}

/** The Kubernetes objects of a multi-document YAML text (a `List`'s items each; empties skipped). */
export function parseManifest(text: string, source: string): KubeObject[] {
  const objects: KubeObject[] = [];
  for (const document of parseAllDocuments(text)) {
    if (document.errors.length) {
      throw new ProviderError(
        `The manifest at ${source} is not valid YAML (${document.errors[0]!.message.split('\n')[0]})`,
        false,
      );
    }
    const value = document.toJS() as Record<string, unknown> | null;
    if (value === null || value === undefined) continue;
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items as Record<string, unknown>[]) {
      const metadata = item?.metadata as { name?: unknown } | undefined;
      if (
        typeof item?.apiVersion !== 'string' ||
        typeof item.kind !== 'string' ||
        typeof metadata?.name !== 'string'
      ) {
        throw new ProviderError(
          `The manifest at ${source} holds a document that is not a Kubernetes object (no apiVersion, kind or metadata.name)`,
          false,
        );
      }
      objects.push(item as unknown as KubeObject);
    }
  }
  if (!objects.length) {
    throw new ProviderError(`The manifest at ${source} holds no Kubernetes object`, false);
  }
  return objects;
}

/**
 * The manifests of one server: each fetched once and kept (a pinned release does not change),
 * a fetch that failed asked again. A network failure, 5xx or 429 is tried three times, then
 * fails as retryable; another answer than 200 (a release missing at the mirror) fails at once.
 */
export function createManifestSource(mirror: string | null) {
  const kept = new Map<string, KubeObject[]>();

  async function download(url: string, signal?: AbortSignal): Promise<string> {
    const where = shown(url);
    let problem = `The add-on's manifest could not be fetched from ${where}`;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      signal?.throwIfAborted();
      const timeout = AbortSignal.timeout(TIMEOUT_MS);
      let response: Response;
      try {
        response = await fetch(url, {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          headers: { accept: 'application/yaml, text/plain, */*' },
        });
        if (response.ok) {
          const length = Number(response.headers.get('content-length') ?? 0);
          if (length > MAX_BYTES) {
            await response.body?.cancel();
            throw new ProviderError(`The manifest at ${where} is larger than 20 MB`, false);
          }
          const text = await response.text();
          if (text.length > MAX_BYTES) {
            throw new ProviderError(`The manifest at ${where} is larger than 20 MB`, false);
          }
          return text;
        }
        await response.body?.cancel();
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        if (signal?.aborted) throw new ProviderError('The call was cancelled', true);
        problem = `The add-on's manifest could not be fetched from ${where} (${timeout.aborted ? 'timed out' : 'unreachable'})`;
        if (attempt < ATTEMPTS) await waitOrCancel(250 * 2 ** attempt, where, signal);
        continue;
      }
      if (response.status !== 429 && response.status < 500) {
        throw new ProviderError(
          `The add-on's manifest could not be fetched from ${where} (${response.status})`,
          false,
        );
      }
      problem = `The add-on's manifest could not be fetched from ${where} (${response.status})`;
      if (attempt < ATTEMPTS) await waitOrCancel(250 * 2 ** attempt, where, signal);
    }
    throw new ProviderError(problem, true);
  }

  return {
    /** The objects of the manifest a pinned URL names, fetched from the mirror if one is set. */
    async load(url: string, signal?: AbortSignal): Promise<KubeObject[]> {
      const from = mirrored(url, mirror);
      const known = kept.get(from);
      if (known) return known;
      const objects = parseManifest(await download(from, signal), shown(from));
      kept.set(from, objects);
      return objects;
    },
  };
}
export type ManifestSource = ReturnType<typeof createManifestSource>;
