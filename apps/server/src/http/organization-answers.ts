import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import { createOwnerCache } from '../lib/owner-cache.ts';
import { answerPrewritten, writtenJson, type WrittenJson } from './prewritten-json.ts';

/** Every write to a table a kept answer reads says so on this channel (migration 0040's trigger). */
export const ORGANIZATION_CHANGED_CHANNEL = 'organization_changed';

/** What the trigger says besides the organization when a ticket changed anywhere. */
const SUPPORT_CHANGED = 'support';

/** The owner of the answers over every organization's tickets: the staff's queue. */
export const SUPPORT_STAFF = 0;

/** Organizations whose answers are kept at once, and pages (the most-asked queries) of each. */
const ORGANIZATIONS_KEPT = 2000;
const SLOTS_PER_ORGANIZATION = 24;
/** The kept pages' JSON in all: a bound on memory whatever the queries asked. */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

const weigh = (value: unknown) =>
  typeof value === 'object' && value !== null && 'json' in value
    ? (value as WrittenJson).json.length * 2 + ((value as WrittenJson).gzip?.length ?? 0)
    : 1024;

/**
 * Answers an organization's members read far more often than they change (the billing summary
 * on every page change, the first pages of the lists), kept in memory per organization until a
 * write to a table they read invalidates them on every instance.
 *
 * A person reads their own writes: PGlite hands a transaction's notifications over before its
 * COMMIT answers; on PostgreSQL the notification comes on another connection, possibly after the
 * person's next request, so the instance that answered a write forgets the organization's
 * answers before its answer leaves (`forget`, called for every write a member makes; app.ts).
 * Other instances hear it within the notification's delivery, milliseconds after the commit,
 * and on the same connection as the pushes that make pages read again, before them.
 */
export function createOrganizationAnswers(database: Pick<Database, 'listen' | 'onReconnect'>) {
  const cache = createOwnerCache<Record<string, unknown>>(ORGANIZATIONS_KEPT, {
    slotsPerOwner: SLOTS_PER_ORGANIZATION,
    maxWeight: MAX_KEPT_BYTES,
    weigh,
  });

  /**
   * The owner's answer named `key` as JSON checked against `schema` (what the route's
   * serialiser would do per ask), written once with its ETag until one of its tables changes.
   */
  function page<S extends z.ZodType>(
    owner: number,
    key: string,
    schema: S,
    load: () => Promise<z.input<S>>,
  ): Promise<WrittenJson> {
    return cache.read(owner, key, async () =>
      writtenJson(JSON.stringify(schema.parse(await load()))),
    ) as Promise<WrittenJson>;
  }

  return {
    /** The owner's answer named `key`, loaded once until one of its tables changes. */
    read<T>(owner: number, key: string, load: () => Promise<T>): Promise<T> {
      return cache.read(owner, key, load) as Promise<T>;
    },

    page,

    /** Answers the owner's page named `key` (see `page`), or 304 to a client that has it. */
    async answer<S extends z.ZodType>(
      request: FastifyRequest,
      reply: FastifyReply,
      owner: number,
      key: string,
      schema: S,
      load: () => Promise<z.input<S>>,
    ) {
      return answerPrewritten(request, reply, await page(owner, key, schema, load), {
        shared: false,
      });
    },

    /** This instance answered a write of the organization's: its next reads load afresh. */
    forget: (organizationId: number) => cache.invalidate(organizationId),

    /** Listens for changes made by any instance; answers the unsubscribe. */
    async start() {
      const unlisten = await database.listen(ORGANIZATION_CHANGED_CHANNEL, (payload) =>
        cache.invalidate(payload === SUPPORT_CHANGED ? SUPPORT_STAFF : Number(payload)),
      );
      const unwatch = database.onReconnect(() => cache.clear());
      return async () => {
        unwatch();
        await unlisten();
      };
    },

    /** How many owners' answers are kept (tests watch it). */
    size: cache.size,
  };
}

export type OrganizationAnswers = ReturnType<typeof createOrganizationAnswers>;

/** A list's query as a stable key: the same filters in any order are the same page. */
export function queryKey(list: string, query: object): string {
  const fields = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${list}?${new URLSearchParams(fields.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}
