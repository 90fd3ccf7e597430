import { and, eq, gt, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { User } from '@alpenkube/contract';
import { can } from '@alpenkube/contract/permissions';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { sessions } from './schema.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';

export const AUTH_CHANNEL = 'auth_invalidated';
/** How stale the stored last-seen time may get: touching it on every request would cost a write. */
const TOUCH_EVERY_MS = 60_000;
const CACHE_LIMIT = 50_000;
/**
 * How long a session is answered from memory before the database is asked again, whatever was
 * heard: a lost invalidation (a dropped LISTEN connection) cannot keep a revoked session alive
 * longer than this.
 */
export const CACHED_SESSION_MS = 60_000;

/** What a signed-in request knows about its user, without asking the database. */
export interface SessionUser extends User {
  organizationId: number;
  officerAccess: boolean;
}

export interface ActiveSession {
  id: number;
  tokenHash: string;
  user: SessionUser;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  touchedAt: number;
  /** When this instance read it from the database; past CACHED_SESSION_MS it reads it again. */
  loadedAt: number;
}

/**
 * What AUTH_CHANNEL carries. Ending sessions and changing a user are different kinds: both drop
 * cached copies, but only an end closes the sockets those sessions opened.
 */
type Invalidation =
  /** These sessions (by token hash) ended. */
  | { ended: string[] }
  /** Every session of the user ended, except the one whose id is `keep`. */
  | { endedForUser: number; keep?: number }
  /** The user changed (role, e-mail…); their sessions stay, with a fresh copy of the user. */
  | { userId: number };

/** Sessions that ended, as the sockets they opened need to hear it. */
export type SessionEnd = { tokenHashes: string[] } | { userId: number; keepSessionId?: number };

/**
 * The user as they may see themselves. A member whose request to join still waits for an admin
 * sees nothing of the organization: not its name, its Billing ID or whether it is approved.
 */
export function toPublicUser(user: SessionUser): User {
  const { organizationId: _org, officerAccess: _officer, ...view } = user;
  if (user.status !== 'pending_approval') return view;
  return { ...view, companyName: null, companyId: null, organizationStatus: 'pending_approval' };
}

/** Loads what a session carries about its user; used by the cache and after changes. */
export async function loadSessionUser(db: DbOrTx, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({ user: users, organization: organizations })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row ? sessionUserFrom(row.user, row.organization) : null;
}

/** What a session (or an API token) carries about its user, from their rows. */
export function sessionUserFrom(
  user: typeof users.$inferSelect,
  organization: typeof organizations.$inferSelect,
): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    companyName: organization.name,
    companyId: organization.billingId,
    role: user.role,
    emailVerified: user.emailVerified,
    mfaEnabled: user.totpEnabled,
    status: user.status,
    organizationStatus: organization.status,
    organizationId: organization.id,
    officerAccess: user.officerAccess,
    mfaSetupRequired: organization.mfaRequired && !user.totpEnabled,
  };
}

/**
 * Sessions live in the database (hashed ids) and, once seen, in this process's memory, so a
 * signed-in request costs no round trip. Every change that ends a session or alters its user
 * is published on AUTH_CHANNEL; each instance drops its copy when it hears it.
 */
export function createSessionStore(
  database: Database,
  options: { idleMs: number; maxAgeMs: number },
) {
  const { db } = database;
  const cache = new Map<string, ActiveSession>();
  const byUser = new Map<number, Set<string>>();
  const endListeners = new Set<(end: SessionEnd) => void>();
  const userChangeListeners = new Set<(userId: number) => void>();

  function remember(session: ActiveSession) {
    if (cache.size >= CACHE_LIMIT) {
      // Map keeps insertion order: the first key is the least recently loaded.
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) forget(oldest);
    }
    cache.set(session.tokenHash, session);
    let set = byUser.get(session.user.id);
    if (!set) byUser.set(session.user.id, (set = new Set()));
    set.add(session.tokenHash);
  }

  function forget(tokenHash: string) {
    const session = cache.get(tokenHash);
    if (!session) return;
    cache.delete(tokenHash);
    byUser.get(session.user.id)?.delete(tokenHash);
  }

  function forgetUser(userId: number, keepSessionId?: number) {
    for (const hash of [...(byUser.get(userId) ?? [])]) {
      if (cache.get(hash)?.id !== keepSessionId) forget(hash);
    }
  }

  function forgetAll() {
    cache.clear();
    byUser.clear();
  }

  function applyInvalidation(message: Invalidation) {
    if ('ended' in message) for (const hash of message.ended) forget(hash);
    else if ('endedForUser' in message) forgetUser(message.endedForUser, message.keep);
    else forgetUser(message.userId);
  }

  /** Tells the sockets, once the ending transaction committed (its NOTIFY is heard). */
  function announceEnd(message: Invalidation) {
    let end: SessionEnd;
    if ('ended' in message) end = { tokenHashes: message.ended };
    else if ('endedForUser' in message)
      end = { userId: message.endedForUser, keepSessionId: message.keep };
    else return;
    for (const listener of endListeners) listener(end);
  }

  /** Drops this instance's copies at once, and every instance's once `db` commits. */
  async function publish(db: DbOrTx, message: Invalidation) {
    applyInvalidation(message);
    await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${JSON.stringify(message)})`);
  }

  async function load(tokenHash: string): Promise<ActiveSession | null> {
    const [row] = await db
      .select({ session: sessions, user: users, organization: organizations })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(eq(sessions.tokenHash, tokenHash));
    if (!row) return null;
    return {
      id: row.session.id,
      tokenHash,
      user: sessionUserFrom(row.user, row.organization),
      createdAt: row.session.createdAt.getTime(),
      lastSeenAt: row.session.lastSeenAt.getTime(),
      expiresAt: row.session.expiresAt.getTime(),
      touchedAt: row.session.lastSeenAt.getTime(),
      loadedAt: Date.now(),
    };
  }

  /** Records activity; the database hears of it at most once a minute (TOUCH_EVERY_MS). */
  function touch(session: ActiveSession, now: number): ActiveSession {
    session.lastSeenAt = now;
    if (now - session.touchedAt >= TOUCH_EVERY_MS) {
      session.touchedAt = now;
      void db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.id, session.id))
        .catch(() => {});
    }
    return session;
  }

  const isExpired = (session: ActiveSession, now: number) =>
    now >= session.expiresAt || now - session.lastSeenAt >= options.idleMs;

  /**
   * The session a cookie names when this instance has it in memory and it is still valid, with
   * its idle clock refreshed; undefined when only `resolve` (the database) can tell.
   */
  function peek(token: string): ActiveSession | undefined {
    const tokenHash = sha256(token);
    const session = cache.get(tokenHash);
    if (!session) return undefined;
    const now = Date.now();
    if (isExpired(session, now) || now - session.loadedAt >= CACHED_SESSION_MS) {
      // Another instance may have seen more recent activity, or an invalidation may have been
      // lost: the database decides.
      forget(tokenHash);
      return undefined;
    }
    return touch(session, now);
  }

  async function destroyByHash(tokenHash: string, tx?: DbOrTx): Promise<void> {
    if (!tx) return db.transaction((own) => destroyByHash(tokenHash, own));
    await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    await publish(tx, { ended: [tokenHash] });
  }

  return {
    /**
     * Listens for invalidations from every instance; answers the unsubscribe. After the LISTEN
     * connection was lost, anything may have been missed: every cached session is dropped.
     */
    async start() {
      const unlisten = await database.listen(AUTH_CHANNEL, (payload) => {
        let message: Invalidation;
        try {
          message = JSON.parse(payload) as Invalidation;
        } catch {
          // A malformed message cannot name a session; nothing to drop.
          return;
        }
        applyInvalidation(message);
        announceEnd(message);
        if ('userId' in message)
          for (const listener of userChangeListeners) listener(message.userId);
      });
      const unwatch = database.onReconnect(forgetAll);
      return async () => {
        unwatch();
        await unlisten();
      };
    },

    /** Calls `listener` whenever sessions end, on any instance; answers the unsubscribe. */
    onEnded(listener: (end: SessionEnd) => void): () => void {
      endListeners.add(listener);
      return () => void endListeners.delete(listener);
    },

    /**
     * Calls `listener` whenever a user changed without their sessions ending (role, approval, the
     * organization's rules), on any instance; answers the unsubscribe.
     */
    onUserChanged(listener: (userId: number) => void): () => void {
      userChangeListeners.add(listener);
      return () => void userChangeListeners.delete(listener);
    },

    /** Which of these sessions still exist and have not expired, for a user not disabled. */
    async stillValid(tokenHashes: string[]): Promise<Set<string>> {
      if (tokenHashes.length === 0) return new Set();
      const now = Date.now();
      const rows = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.tokenHash, tokenHashes),
            notInArray(users.status, ['disabled', 'rejected']),
            gt(sessions.expiresAt, new Date(now)),
            // The stored last-seen time lags by up to TOUCH_EVERY_MS: the idle limit allows for it.
            gt(sessions.lastSeenAt, new Date(now - options.idleMs - TOUCH_EVERY_MS)),
          ),
        );
      return new Set(rows.map((row) => row.tokenHash));
    },

    peek,

    /** The session a cookie names, if it is still valid; refreshes its idle clock. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const cached = peek(token);
      if (cached) return cached;
      const tokenHash = sha256(token);
      const now = Date.now();
      const session = await load(tokenHash);
      if (!session) return null;
      if (isExpired(session, now) || !can(session.user, 'signedIn')) {
        await destroyByHash(tokenHash);
        return null;
      }
      remember(session);
      return touch(session, now);
    },

    /** Creates a session and answers the cookie value (only its hash is stored). */
    async create(
      tx: DbOrTx,
      userId: number,
      client: { userAgent: string; ip: string | null },
    ): Promise<string> {
      const token = randomToken(32);
      await tx.insert(sessions).values({
        tokenHash: sha256(token),
        userId,
        userAgent: client.userAgent.slice(0, 512),
        ip: client.ip,
        expiresAt: new Date(Date.now() + options.maxAgeMs),
      });
      return token;
    },

    /** Ends the session a cookie names; inside `tx` when given (PGlite cannot nest). */
    destroy: (token: string, tx?: DbOrTx) => destroyByHash(sha256(token), tx),

    async destroyById(userId: number, sessionId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(sessions)
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
          .returning({ tokenHash: sessions.tokenHash });
        if (row) await publish(tx, { ended: [row.tokenHash] });
        return Boolean(row);
      });
    },

    /** Ends every session of a user, or every one but `keepSessionId`. */
    async destroyAllForUser(tx: DbOrTx, userId: number, keepSessionId?: number): Promise<number> {
      const rows = await tx
        .delete(sessions)
        .where(
          keepSessionId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
        )
        .returning({ id: sessions.id });
      await publish(tx, { endedForUser: userId, keep: keepSessionId });
      return rows.length;
    },

    /**
     * The user changed (role, e-mail, status…): every instance reloads it on next use. A disabled
     * user's sessions end there and then, so their sockets close too.
     */
    async userChanged(tx: DbOrTx, userId: number) {
      const [user] = await tx
        .select({ status: users.status })
        .from(users)
        .where(eq(users.id, userId));
      const ended = user?.status === 'disabled' || user?.status === 'rejected';
      await publish(tx, ended ? { endedForUser: userId } : { userId });
    },

    async listForUser(userId: number) {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(sql`${sessions.lastSeenAt} desc`);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
