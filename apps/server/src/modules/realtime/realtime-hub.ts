import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { NotificationPush } from '@alpenkube/contract';
import type { Database } from '../../db/client.ts';
import { NOTIFICATION_CHANNEL } from '../notifications/index.ts';
import type { ActiveSession, SessionEnd, SessionStore } from '../sessions/index.ts';

/** Close codes the web app can tell apart (4000–4999 are the application's own). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_MANY_SOCKETS = 4008;
export const CLOSE_SHUTTING_DOWN = 1001;

/** Tabs and devices one user may keep connected at once, over all their sessions. */
export const MAX_SOCKETS_PER_USER = 10;

interface Connection {
  socket: WebSocket;
  userId: number;
  sessionId: number;
  tokenHash: string;
}

/**
 * The sockets this process holds. A socket belongs to the session that opened it: when that
 * session ends, on any instance, the socket closes. Notifications arrive through NOTIFY after
 * their transaction commits, from this instance or any other sharing the database, and go only
 * to the sockets of the user they belong to.
 */
export function createRealtimeHub(
  database: Database,
  sessions: SessionStore,
  log: FastifyBaseLogger,
) {
  // Set order is opening order: the first of a user's set is their oldest socket.
  const byUser = new Map<number, Set<Connection>>();

  function deliver(payload: string) {
    let push: NotificationPush;
    try {
      const parsed = JSON.parse(payload) as Omit<NotificationPush, 'type'>;
      push = { type: 'notification', userId: parsed.userId, notification: parsed.notification };
    } catch (error) {
      log.warn({ err: error }, 'unreadable notification event');
      return;
    }
    const connections = byUser.get(push.userId);
    if (!connections) return;
    const message = JSON.stringify(push);
    for (const { socket } of connections) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  /** Forgets a socket at once (its close handshake may take a while) and closes it. */
  function drop(connection: Connection, code: number, reason: string) {
    const connections = byUser.get(connection.userId);
    connections?.delete(connection);
    if (connections?.size === 0) byUser.delete(connection.userId);
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

  /** After a lost LISTEN connection, ends missed meanwhile are found in the database. */
  async function recheck() {
    const all = [...byUser.values()].flatMap((connections) => [...connections]);
    const valid = await sessions.stillValid([...new Set(all.map((c) => c.tokenHash))]);
    closeWhere(byUser.keys(), (connection) => !valid.has(connection.tokenHash));
  }

  return {
    async start() {
      const unlisten = await database.listen(NOTIFICATION_CHANNEL, deliver);
      const unwatchEnds = sessions.onEnded(onSessionsEnded);
      const unwatchReconnects = database.onReconnect(() => {
        recheck().catch((error: unknown) => log.error({ err: error }, 'socket recheck failed'));
      });
      return async () => {
        unwatchReconnects();
        unwatchEnds();
        await unlisten();
      };
    },

    /** Keeps a socket of a session; past MAX_SOCKETS_PER_USER the user's oldest one closes. */
    add(session: ActiveSession, socket: WebSocket) {
      const userId = session.user.id;
      let connections = byUser.get(userId);
      if (!connections) byUser.set(userId, (connections = new Set()));
      const connection = { socket, userId, sessionId: session.id, tokenHash: session.tokenHash };
      connections.add(connection);
      socket.on('close', () => {
        if (!connections.delete(connection)) return;
        if (connections.size === 0 && byUser.get(userId) === connections) byUser.delete(userId);
      });
      if (connections.size > MAX_SOCKETS_PER_USER) {
        const [oldest] = connections;
        drop(oldest!, CLOSE_TOO_MANY_SOCKETS, 'Too many connections');
      }
    },

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
