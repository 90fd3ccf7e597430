import { and, desc, eq, gte, inArray, like, lt, lte, notInArray, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_PAGE_SIZE,
  actionsMatching,
  type AuditEvent,
  type AuditPage,
  type auditFilterSchema,
} from '@alpenkube/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { organizationNamesOf } from '../organizations/index.ts';
import { idsByLogin, namesOf } from '../users/index.ts';
import { auditEvents } from './schema.ts';

export type AuditFilterValues = z.output<typeof auditFilterSchema>;

/** More people than this behind one actor text is not a filter any more. */
const ACTOR_MATCH_MAX = 50;

/**
 * The actor filter's users: an id as typed, or the people whose username or e-mail is the text
 * (case-insensitive: both are stored lower-cased, so the lower-cased text meets their unique
 * indexes). Answered from the users table first, so the events are then read through the
 * (actor, at) index rather than by joining a million rows.
 */
async function actorIds(db: DbOrTx, actor: string): Promise<number[]> {
  if (/^[0-9]{1,10}$/.test(actor)) return [Number(actor)];
  return idsByLogin(db, actor.toLowerCase(), ACTOR_MATCH_MAX);
}

/** The next string after every string that starts with `prefix`, in byte order. */
const pastPrefix = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

/**
 * The filter's conditions, each one an index can answer: a prefix becomes the list of known
 * actions under it (equalities on the (action, at) index, whatever the database's collation);
 * a prefix no known action has falls back to a range with LIKE.
 */
async function conditions(db: DbOrTx, filter: AuditFilterValues): Promise<SQL[] | null> {
  const where: SQL[] = [];
  if (filter.actor) {
    const ids = await actorIds(db, filter.actor);
    if (ids.length === 0) return null;
    where.push(
      ids.length === 1
        ? eq(auditEvents.actorUserId, ids[0]!)
        : inArray(auditEvents.actorUserId, ids),
    );
  }
  if (filter.organization) where.push(eq(auditEvents.organizationId, filter.organization));
  if (filter.action) {
    const known = actionsMatching(filter.action);
    if (!filter.action.endsWith('.')) where.push(eq(auditEvents.action, filter.action));
    else if (known.length > 0) where.push(inArray(auditEvents.action, known));
    else {
      where.push(
        gte(auditEvents.action, filter.action),
        lt(auditEvents.action, pastPrefix(filter.action)),
        like(auditEvents.action, `${filter.action.replace(/_/g, '\\_')}%`),
      );
    }
  }
  if (filter.outcome) where.push(eq(auditEvents.outcome, filter.outcome));
  if (filter.from) where.push(gte(auditEvents.at, new Date(filter.from)));
  if (filter.to) where.push(lte(auditEvents.at, new Date(filter.to)));
  return where;
}

/** An event as stored, with its actor's and organization's names: what a view shapes. */
export type AuditRow = Awaited<ReturnType<typeof selectPage>>[number] & {
  actorUsername: string | null;
  /** The actor's organization now (null when the person was deleted). */
  actorOrganizationId: number | null;
  organizationName: string | null;
};

/** The page's actors and organizations by name: one query each for the page, not a join. */
async function named(
  db: DbOrTx,
  rows: Awaited<ReturnType<typeof selectPage>>,
): Promise<AuditRow[]> {
  const present = (id: number | null) => (id === null ? [] : [id]);
  const [people, organizations] = await Promise.all([
    namesOf(
      db,
      rows.flatMap((row) => present(row.actorUserId)),
    ),
    organizationNamesOf(
      db,
      rows.flatMap((row) => present(row.organizationId)),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    actorUsername:
      row.actorUserId === null ? null : (people.get(row.actorUserId)?.username ?? null),
    actorOrganizationId:
      row.actorUserId === null ? null : (people.get(row.actorUserId)?.organizationId ?? null),
    organizationName:
      row.organizationId === null ? null : (organizations.get(row.organizationId) ?? null),
  }));
}

function selectPage(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorUserId: auditEvents.actorUserId,
      organizationId: auditEvents.organizationId,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      outcome: auditEvents.outcome,
      ip: auditEvents.ip,
      userAgent: auditEvents.userAgent,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor:
      row.actorUserId === null
        ? null
        : { id: row.actorUserId, username: row.actorUsername ?? `#${row.actorUserId}` },
    organization:
      row.organizationId === null
        ? null
        : { id: row.organizationId, name: row.organizationName ?? `#${row.organizationId}` },
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.userAgent,
    details: row.details,
  };
}

/** Where the page before `before` starts: events older than it, or as old with a smaller id. */
async function keyset(db: DbOrTx, before: number): Promise<SQL | null> {
  const [anchor] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(eq(auditEvents.id, before));
  if (!anchor) return null;
  // `at <= X` is the index's range; the tie on the same instant is settled by the id.
  return and(
    lte(auditEvents.at, anchor.at),
    or(lt(auditEvents.at, anchor.at), lt(auditEvents.id, before)),
  )!;
}

/** What a reader of the trail leaves out whatever the filter: actions its audience never sees. */
export interface AuditReadOptions {
  before?: number;
  limit?: number;
  hiddenActions?: readonly string[];
}

/** A page of the trail's rows, newest first, read through the indexes on `at`. */
async function readPage(
  db: DbOrTx,
  filter: AuditFilterValues,
  options: AuditReadOptions,
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const where = await conditions(db, filter);
  if (!where) return { rows: [], more: false };
  if (options.hiddenActions?.length) {
    where.push(notInArray(auditEvents.action, [...options.hiddenActions]));
  }
  if (options.before !== undefined) {
    const after = await keyset(db, options.before);
    if (!after) return { rows: [], more: false };
    where.push(after);
  }
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const rows = await selectPage(db, and(...where), limit + 1);
  return { rows: await named(db, rows.slice(0, limit)), more: rows.length > limit };
}

/**
 * A page of the audit trail, newest first, each event as `shape` makes it (the officers' view by
 * default); `nextBefore` is the last event's id when more follow.
 */
export async function listAuditEvents(
  db: DbOrTx,
  filter: AuditFilterValues & { before?: number; limit?: number },
): Promise<AuditPage> {
  return listShapedAuditEvents(db, filter, filter, toEvent);
}

export async function listShapedAuditEvents<Event>(
  db: DbOrTx,
  filter: AuditFilterValues,
  options: AuditReadOptions,
  shape: (row: AuditRow) => Event,
): Promise<{ events: Event[]; nextBefore: number | null }> {
  const { rows, more } = await readPage(db, filter, options);
  return {
    events: rows.map(shape),
    nextBefore: more ? rows[rows.length - 1]!.id : null,
  };
}

/** Every event the filter selects, newest first, a page at a time, at most `max`. */
export async function* auditEventsFor(
  db: DbOrTx,
  filter: AuditFilterValues,
  max: number,
): AsyncGenerator<AuditEvent> {
  yield* shapedAuditEventsFor(db, filter, { max }, toEvent);
}

export async function* shapedAuditEventsFor<Event>(
  db: DbOrTx,
  filter: AuditFilterValues,
  options: { max: number; hiddenActions?: readonly string[] },
  shape: (row: AuditRow) => Event,
): AsyncGenerator<Event> {
  let before: number | undefined;
  let sent = 0;
  while (sent < options.max) {
    const { rows, more } = await readPage(db, filter, {
      before,
      limit: Math.min(1000, options.max - sent),
      hiddenActions: options.hiddenActions,
    });
    for (const row of rows) yield shape(row);
    sent += rows.length;
    if (!more) return;
    before = rows[rows.length - 1]!.id;
  }
}
