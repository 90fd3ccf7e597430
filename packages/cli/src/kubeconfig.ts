import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'yaml';

interface Named {
  name: string;
  [key: string]: unknown;
}
interface KubeConfig {
  apiVersion?: string;
  kind?: string;
  clusters?: Named[];
  users?: Named[];
  contexts?: Named[];
  'current-context'?: string;
  [key: string]: unknown;
}

/** The file kubectl reads first: the first of $KUBECONFIG's paths, else ~/.kube/config. */
export function kubeconfigFile(env = process.env): string {
  const first = env.KUBECONFIG?.split(path.delimiter).find(Boolean);
  return first ?? path.join(os.homedir(), '.kube', 'config');
}

function replaceByName(list: Named[] | undefined, entries: Named[] | undefined): Named[] {
  const names = new Set((entries ?? []).map((entry) => entry.name));
  return [...(list ?? []).filter((entry) => !names.has(entry.name)), ...(entries ?? [])];
}

/**
 * Merges a cluster's kubeconfig into the user's: its cluster, user and context replace any of
 * the same names, the rest stays, and its context becomes the current one. Answers the context.
 */
export function mergeKubeconfig(
  existing: string,
  incoming: string,
): { text: string; context: string } {
  const base = (parse(existing) as KubeConfig | null) ?? {};
  const added = parse(incoming) as KubeConfig;
  const context = added['current-context'] ?? added.contexts?.[0]?.name;
  if (!context) throw new Error('The kubeconfig names no context.');
  const merged: KubeConfig = {
    apiVersion: 'v1',
    kind: 'Config',
    ...base,
    clusters: replaceByName(base.clusters, added.clusters),
    users: replaceByName(base.users, added.users),
    contexts: replaceByName(base.contexts, added.contexts),
    'current-context': context,
  };
  return { text: stringify(merged), context };
}

export function saveKubeconfig(incoming: string, file = kubeconfigFile()) {
  let existing = '';
  try {
    existing = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { text, context } = mergeKubeconfig(existing, incoming);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { file, context };
}
