import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PushMessage, PushMessageOf, PushType } from '@alpenkube/contract/push';

/** A closed socket reconnects after 5 s. */
export const SOCKET_RECONNECT_MS = 5000;

/** `/ws` on the page's own host: wss under https, ws otherwise. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** What a push handler may use: the signed-in user it was sent to, and the query cache. */
export interface PushContext {
  userId: number;
  queryClient: QueryClient;
}
export type PushHandler<T extends PushType = PushType> = (
  message: PushMessageOf<T>,
  context: PushContext,
) => void;

/** Whether pushes can arrive now: the notification panel says so rather than claim it. */
export type SocketState = 'connecting' | 'open' | 'closed';
let socketState: SocketState = 'closed';
const stateListeners = new Set<() => void>();

function setSocketState(next: SocketState) {
  if (next === socketState) return;
  socketState = next;
  // Also on the page itself (`<html data-socket="open">`): what a browser test waits for before
  // it makes a change the page must follow.
  if (typeof document !== 'undefined') document.documentElement.dataset.socket = next;
  for (const listener of stateListeners) listener();
}

export function useSocketState(): SocketState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    () => socketState,
    () => 'closed',
  );
}

type SocketOptions = {
  /** Called with every message that parses as JSON and carries a string `type`. */
  onMessage: (message: PushMessage) => void;
  /** Called each time a socket opens: `reconnected` after a close, not the first time. */
  onOpen?: (opening: { reconnected: boolean }) => void;
  createSocket?: (url: string) => WebSocket;
};

/**
 * Keeps one socket to /ws open: each message that parses is handed to onMessage; a closed
 * socket reconnects after 5 s; errors and unparsable messages are only logged. Returns a
 * function that closes it for good.
 */
export function connectRealtime({
  onMessage,
  onOpen,
  createSocket = (url) => new WebSocket(url),
}: SocketOptions) {
  let socket: WebSocket | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let opened = false;

  const open = () => {
    setSocketState('connecting');
    socket = createSocket(socketUrl());
    socket.onopen = () => {
      setSocketState('open');
      onOpen?.({ reconnected: opened });
      opened = true;
    };
    socket.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch (error) {
        console.error('Unparsable WebSocket message', event.data, error);
        return;
      }
      const message = data as { type?: unknown } | null;
      if (message && typeof message.type === 'string') onMessage(data as PushMessage);
    };
    socket.onerror = (event) => console.error('WebSocket error', event);
    socket.onclose = () => {
      setSocketState('closed');
      if (stopped) return;
      reconnectTimer = setTimeout(open, SOCKET_RECONNECT_MS);
    };
  };

  open();
  return () => {
    stopped = true;
    setSocketState('closed');
    if (reconnectTimer) clearTimeout(reconnectTimer);
    socket?.close();
  };
}

/**
 * The handlers features register, by message type. A type without a handler is ignored, so
 * the server may push a new kind of event before the web app handles it.
 */
type AnyPushHandler = (message: PushMessage, context: PushContext) => void;
const handlers = new Map<PushType, Set<AnyPushHandler>>();

export function registerPushHandler<T extends PushType>(type: T, handler: PushHandler<T>) {
  // Stored untyped: dispatchPush only hands a handler the messages of its own type.
  const stored = handler as unknown as AnyPushHandler;
  const set = handlers.get(type) ?? new Set<AnyPushHandler>();
  set.add(stored);
  handlers.set(type, set);
  return () => {
    set.delete(stored);
  };
}

/** Hands one message to the handlers of its type; a failing handler is logged, not fatal. */
export function dispatchPush(message: PushMessage, context: PushContext) {
  for (const handler of handlers.get(message.type) ?? []) {
    try {
      handler(message, context);
    } catch (error) {
      console.error('Push handler failed', message.type, error);
    }
  }
}

/** Registers a feature's handler for one message type while the calling component is mounted. */
export function usePushHandler<T extends PushType>(type: T, handler: PushHandler<T>) {
  useEffect(() => registerPushHandler(type, handler), [type, handler]);
}

/**
 * Pushes sent while no socket was open are lost: once a socket opens again, what the page read
 * before is read again, so a change made while it was closed (an instance restarting, a network
 * drop) still shows. A query that declares it never goes stale (a payment's outcome, decided
 * once) is left alone.
 */
export function refetchWhatPushesMayHaveMissed(queryClient: QueryClient, openedAt = Date.now()) {
  return queryClient.invalidateQueries({
    predicate: (query) =>
      query.state.dataUpdatedAt > 0 &&
      query.state.dataUpdatedAt < openedAt &&
      !query.observers.some(
        ({ options }) => options.staleTime === Infinity || options.staleTime === 'static',
      ),
  });
}

/** The app's one socket: open while someone is signed in, dispatching to registered handlers. */
export function useRealtime(userId: number | null | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId == null || typeof WebSocket === 'undefined') return;
    return connectRealtime({
      onMessage: (message) => dispatchPush(message, { userId, queryClient }),
      // Not at the first opening: the page's first reads came moments before, and asking them
      // all again would double every page load's requests for a gap of about a second.
      onOpen: ({ reconnected }) => {
        if (reconnected) void refetchWhatPushesMayHaveMissed(queryClient);
      },
    });
  }, [userId, queryClient]);
}
