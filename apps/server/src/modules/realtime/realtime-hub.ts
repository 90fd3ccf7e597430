import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/client.ts';
import type { PushMessage } from '@alpenkube/contract';
import {
  can,
  roleAllows,
  type ActorRole,
  type OrganizationArea,
} from '@alpenkube/contract/permissions';
import {
  type ActiveSession,
  loadSessionUser,
  type SessionEnd,
  type SessionStore,
  type SessionUser,
} from '../sessions/index.ts';
import { PUSH_CHANNEL, type PushEnvelope } from './push.ts';

/** Close codes the web app can tell apart (4000–4999 are the application's own). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_MANY_SOCKETS = 4008;
export const CLOSE_SHUTTING_DOWN = 1001;

/** Tabs and devices one user may keep connected at once, over all their sessions. */
export const MAX_SOCKETS_PER_USER = 10;

/** How often sockets are checked against their sessions' expiry, which no event announces. */
const EXPIRY_SWEEP_MS = 60_000;

interface Connection {
  socket: WebSocket;
  userId: number;
  /**
   * Null for someone who is not (yet, or no longer) a member in good standing: a request to join
   * still waiting, or two-factor the organization requires and they lack. They receive none of
   * its pushes.
   */
  organizationId: number | null;
  /** What of the organization's pushes the member's role lets them see. */
  role: ActorRole;
  sessionId: number;
  tokenHash: string;
}

/**
 * The sockets this process holds. A socket belongs to the session that opened it: when that
 * session ends, on any instance, the socket closes. Notifications arrive through NOTIFY after
 * their transaction commits, from this instance or any other sharing the database, and go only
 * to the sockets of the user they belong to.
 */
/** The part of the organization's data a push speaks of: a member's role may not reach it. */
function areaOf(message: PushMessage): OrganizationArea | null {
  switch (message.type) {
    case 'cluster':
      return 'clusters';
    case 'order':
    case 'product':
      return 'orders';
    case 'ticket':
      return 'support';
    case 'notification':
      return null;
  }
}

export function createRealtimeHub(
  database: Database,
  sessions: SessionStore,
  log: FastifyBaseLogger,
) {
  // Set order is opening order: the first of a user's set is their oldest socket.
  const byUser = new Map<number, Set<Connection>>();
  const byOrganization = new Map<number, Set<Connection>>();
  /** Streams that are not sockets (a command-line tool following a cluster): per organization. */
  const watchers = new Map<number, Set<(message: PushMessage) => void>>();

  function audienceOf(envelope: PushEnvelope): Iterable<Connection> {
    const { audience } = envelope;
    if ('userId' in audience) return byUser.get(audience.userId) ?? [];
    return byOrganization.get(audience.organizationId) ?? [];
  }

  function deliver(payload: string) {
    let envelope: PushEnvelope;
    try {
      envelope = JSON.parse(payload) as PushEnvelope;
    } catch (error) {
      log.warn({ err: error }, 'unreadable push');
      return;
    }
    const message = JSON.stringify(envelope.message);
    const area = areaOf(envelope.message);
    for (const { socket, role } of audienceOf(envelope)) {
      if (!roleAllows(role, 'read', area)) continue;
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
    if ('organizationId' in envelope.audience) {
      for (const watch of watchers.get(envelope.audience.organizationId) ?? []) {
        watch(envelope.message);
      }
    }
  }

  function remember(connection: Connection) {
    let forUser = byUser.get(connection.userId);
    if (!forUser) byUser.set(connection.userId, (forUser = new Set()));
    forUser.add(connection);
    if (connection.organizationId === null) return forUser;
    let forOrganization = byOrganization.get(connection.organizationId);
    if (!forOrganization)
      byOrganization.set(connection.organizationId, (forOrganization = new Set()));
    forOrganization.add(connection);
    return forUser;
  }

  /** Forgets a socket; answers whether it was still known. */
  function forget(connection: Connection): boolean {
    const forUser = byUser.get(connection.userId);
    const known = forUser?.delete(connection) ?? false;
    if (forUser?.size === 0) byUser.delete(connection.userId);
    if (connection.organizationId !== null) {
      const forOrganization = byOrganization.get(connection.organizationId);
      forOrganization?.delete(connection);
      if (forOrganization?.size === 0) byOrganization.delete(connection.organizationId);
    }
    return known;
  }

  /** Forgets a socket at once (its close handshake may take a while) and closes it. */
  function drop(connection: Connection, code: number, reason: string) {
    forget(connection);
    connection.socket.close(code, reason);
  }

  function closeWhere(userIds: Iterable<number>, ended: (connection: Connection) => boolean) {
    for (const userId of [...userIds]) {
      for (const connection of [...(byUser.get(userId) ?? [])]) {
        if (ended(connection)) drop(connection, CLOSE_SESSION_ENDED, 'Session ended');
      }
    }
  }

  function onSessionsEnded(end: SessionEnd) {
    if ('tokenHashes' in end) {
      const hashes = new Set(end.tokenHashes);
      closeWhere(byUser.keys(), (connection) => hashes.has(connection.tokenHash));
    } else {
      closeWhere([end.userId], (connection) => connection.sessionId !== end.keepSessionId);
    }
  }

  const organizationOf = (user: SessionUser) => (can(user, 'member') ? user.organizationId : null);

  /**
   * A user changed (approved, a role, the organization's two-factor rule): their sockets join or
   * leave the organization's pushes as their standing now says, without reconnecting.
   */
  async function onUserChanged(userId: number) {
    if (!byUser.has(userId)) return;
    const user = await loadSessionUser(database.db, userId);
    for (const connection of [...(byUser.get(userId) ?? [])]) {
      // A socket that closed meanwhile was forgotten already and stays so.
      if (!forget(connection)) continue;
      connection.organizationId = user ? organizationOf(user) : null;
      if (user) connection.role = user.role;
      remember(connection);
    }
  }

  /**
   * Closes the sockets whose session ended without this instance hearing of it: ends missed
   * while the LISTEN connection was down, and sessions that expired.
   */
  async function recheck() {
    const all = [...byUser.values()].flatMap((connections) => [...connections]);
    const valid = await sessions.stillValid([...new Set(all.map((c) => c.tokenHash))]);
    closeWhere(byUser.keys(), (connection) => !valid.has(connection.tokenHash));
  }

  return {
    async start() {
      const unlisten = await database.listen(PUSH_CHANNEL, deliver);
      const unwatchEnds = sessions.onEnded(onSessionsEnded);
      const unwatchChanges = sessions.onUserChanged((userId) => {
        onUserChanged(userId).catch((error: unknown) =>
          log.error({ err: error }, 'socket standing refresh failed'),
        );
      });
      const runRecheck = () => {
        recheck().catch((error: unknown) => log.error({ err: error }, 'socket recheck failed'));
      };
      const unwatchReconnects = database.onReconnect(runRecheck);
      const sweep = setInterval(runRecheck, EXPIRY_SWEEP_MS).unref();
      return async () => {
        clearInterval(sweep);
        unwatchReconnects();
        unwatchEnds();
        unwatchChanges();
        await unlisten();
      };
    },

    /** Keeps a socket of a session; past MAX_SOCKETS_PER_USER the user's oldest one closes. */
    add(session: ActiveSession, socket: WebSocket) {
      const { user } = session;
      const connection: Connection = {
        socket,
        userId: user.id,
        organizationId: organizationOf(user),
        role: user.role,
        sessionId: session.id,
        tokenHash: session.tokenHash,
      };
      const forUser = remember(connection);
      socket.on('close', () => void forget(connection));
      if (forUser.size > MAX_SOCKETS_PER_USER) {
        const [oldest] = forUser;
        drop(oldest!, CLOSE_TOO_MANY_SOCKETS, 'Too many connections');
      }
    },

    /**
     * Hears the organization's pushes (those to all its members) until the answer is called:
     * what a stream other than a socket forwards, checked for access by its route.
     */
    watchOrganization(organizationId: number, watch: (message: PushMessage) => void) {
      let forOrganization = watchers.get(organizationId);
      if (!forOrganization) watchers.set(organizationId, (forOrganization = new Set()));
      forOrganization.add(watch);
      return () => {
        forOrganization.delete(watch);
        if (forOrganization.size === 0) watchers.delete(organizationId);
      };
    },

    /** What the minute's sweep runs: closes sockets of sessions that ended or expired. */
    closeEndedSessions: recheck,

    socketCount: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),

    closeAll() {
      for (const connections of byUser.values()) {
        for (const { socket } of connections)
          socket.close(CLOSE_SHUTTING_DOWN, 'Server shutting down');
      }
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
