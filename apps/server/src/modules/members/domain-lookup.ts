import { readFile } from 'node:fs/promises';
import dns from 'node:dns';
import type { DnsResolverConfig } from '../../config.ts';
import { startDnsResponder, type DnsResponder } from '../../lib/dns-responder.ts';

export type TxtLookupResult =
  { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'error'; message: string };

/** Codes of an answer that says the name has no TXT record, as opposed to a failed lookup. */
const NO_RECORD = new Set<string>([dns.NODATA, dns.NOTFOUND]);

/**
 * Reads the development DNS server's records: one per line, the name then the value, `#`
 * comments. Read at every question, so an added line answers at once.
 */
async function recordsFromFile(file: string, name: string): Promise<string[] | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const values = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => /^(\S+)\s+(?:TXT\s+)?"?(.*?)"?$/i.exec(line))
    .filter((match) => match && match[1]!.toLowerCase().replace(/\.$/, '') === name)
    .map((match) => match![2]!);
  return values.length ? values : null;
}

/**
 * TXT lookups through the resolver the server is configured with (DNS_RESOLVER): the system's,
 * named servers, or in development its own DNS server answering from a file.
 */
export function createTxtLookup(config: DnsResolverConfig) {
  let embedded: Promise<DnsResponder> | null = null;

  async function serversToAsk(): Promise<string[] | null> {
    if (config.kind === 'servers') return config.servers;
    if (config.kind === 'system') return null;
    const { recordsFile } = config;
    embedded ??= startDnsResponder((name) => recordsFromFile(recordsFile, name), { unref: true });
    return [(await embedded).address];
  }

  return {
    /** What the admin is told about where the server looks. */
    note:
      config.kind === 'system'
        ? "This server asks its system's DNS resolver. A new record can take some minutes to reach it."
        : config.kind === 'servers'
          ? `This server asks the DNS server${config.servers.length > 1 ? 's' : ''} its operator configured (${config.servers.join(', ')}).`
          : `Development server: it answers DNS questions itself, from the file ${config.recordsFile}. Add the record there as one line (its name, a space, its value), then verify.`,

    async lookup(name: string): Promise<TxtLookupResult> {
      const resolver = new dns.promises.Resolver({ timeout: 2000, tries: 2 });
      try {
        const servers = await serversToAsk();
        if (servers) resolver.setServers(servers);
        // A TXT record's value may come split into 255-byte strings: they are one value.
        const values = (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
        return { kind: 'records', values };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (NO_RECORD.has(code)) return { kind: 'none' };
        return { kind: 'error', message: code || (error as Error).message };
      }
    },
  };
}

export type TxtLookup = ReturnType<typeof createTxtLookup>;
