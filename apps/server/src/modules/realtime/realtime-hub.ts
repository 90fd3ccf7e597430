import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { NotificationPush } from '@alpenkube/contract';
import type { Database } from '../../db/client.ts';
import { NOTIFICATION_CHANNEL } from '../notifications/notification-service.ts';

/**
 * The sockets this process holds, by user. Notifications arrive through NOTIFY after their
 * transaction commits, from this instance or any other sharing the database, and go only to
 * the sockets of the user they belong to.
 */
export function createRealtimeHub(database: Database, log: FastifyBaseLogger) {
  const socketsByUser = new Map<number, Set<WebSocket>>();

  function deliver(payload: string) {
    let push: NotificationPush;
    try {
      const parsed = JSON.parse(payload) as Omit<NotificationPush, 'type'>;
      push = { type: 'notification', userId: parsed.userId, notification: parsed.notification };
    } catch (error) {
      log.warn({ err: error }, 'unreadable notification event');
      return;
    }
    const sockets = socketsByUser.get(push.userId);
    if (!sockets) return;
    const message = JSON.stringify(push);
    for (const socket of sockets) {
      if (socket.readyState === socket.OPEN) socket.send(message);
    }
  }

  return {
    start: () => database.listen(NOTIFICATION_CHANNEL, deliver),
    add(userId: number, socket: WebSocket) {
      let sockets = socketsByUser.get(userId);
      if (!sockets) socketsByUser.set(userId, (sockets = new Set()));
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        if (sockets.size === 0) socketsByUser.delete(userId);
      });
    },
    /** Closes a user's sockets, when their sessions end. */
    disconnectUser(userId: number) {
      for (const socket of socketsByUser.get(userId) ?? []) socket.close(4001, 'Signed out');
    },
    socketCount: () => [...socketsByUser.values()].reduce((sum, set) => sum + set.size, 0),
    closeAll() {
      for (const sockets of socketsByUser.values()) {
        for (const socket of sockets) socket.close(1001, 'Server shutting down');
      }
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
