import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';

/** Section 9: a closed socket reconnects after 5 s. */
export const SOCKET_RECONNECT_MS = 5000;

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

type SocketOptions = {
  userId: number;
  /** Called for a notification pushed to this user. */
  onNotification: () => void;
  createSocket?: (url: string) => WebSocket;
};

/**
 * Keeps a socket to /ws open while signed in (section 7): a message of type 'notification' for
 * this user calls onNotification; a closed socket reconnects after 5 s; errors and unparsable
 * messages are only logged. Returns a function that closes it for good.
 */
export function connectNotificationSocket({
  userId,
  onNotification,
  createSocket = (url) => new WebSocket(url),
}: SocketOptions) {
  let socket: WebSocket | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const open = () => {
    socket = createSocket(socketUrl());
    socket.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch (error) {
        console.error('Unparsable WebSocket message', event.data, error);
        return;
      }
      // Only the type and the recipient matter: the list itself is refetched from the API.
      const message = data as { type?: unknown; userId?: unknown } | null;
      if (message?.type === 'notification' && message.userId === userId) onNotification();
    };
    socket.onerror = (event) => console.error('WebSocket error', event);
    socket.onclose = () => {
      if (stopped) return;
      reconnectTimer = setTimeout(open, SOCKET_RECONNECT_MS);
    };
  };

  open();
  return () => {
    stopped = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    socket?.close();
  };
}

/** Refreshes the notification list and unread count whenever the server pushes one. */
export function useNotificationSocket(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId == null || typeof WebSocket === 'undefined') return;
    return connectNotificationSocket({
      userId,
      onNotification: () => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
      },
    });
  }, [userId, queryClient]);
}
