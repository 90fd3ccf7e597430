import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One platform and the token for it, under a name of the user's choice. */
export interface Context {
  apiUrl: string;
  token: string;
}

export interface CliConfig {
  current?: string;
  contexts: Record<string, Context>;
}

export const DEFAULT_API_URL = 'https://alpenkube.com';

/** ~/.config/alpenkube/config.json, or under $XDG_CONFIG_HOME when it is set. */
export function configFile(env = process.env): string {
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(base, 'alpenkube', 'config.json');
}

export function readConfig(file = configFile()): CliConfig {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CliConfig>;
    return { current: parsed.current, contexts: parsed.contexts ?? {} };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { contexts: {} };
    throw error;
  }
}

/** Written for its owner alone (0600, in a 0700 directory): it holds tokens. */
export function writeConfig(config: CliConfig, file = configFile()) {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The platform and token a command uses: flags, then the environment, then the context. */
export function resolveContext(
  flags: { token?: string; apiUrl?: string; context?: string },
  env = process.env,
): { apiUrl: string; token?: string } {
  const config = readConfig(configFile(env));
  const name = flags.context ?? env.ALPENKUBE_CONTEXT ?? config.current;
  const context = name ? config.contexts[name] : undefined;
  if (flags.context && !context) throw new UsageError(`No context named "${flags.context}".`);
  return {
    apiUrl: flags.apiUrl ?? env.ALPENKUBE_API_URL ?? context?.apiUrl ?? DEFAULT_API_URL,
    token: flags.token ?? env.ALPENKUBE_TOKEN ?? context?.token,
  };
}

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {}
