import type { Notification } from '@alpenkube/contract';

interface Entry {
  list?: Notification[];
  unread?: number;
}

/**
 * The list and unread count the bell polls every 10 s, per user, until they change. Every
 * change invalidates the user's entry on every instance (NOTIFY), and a read that was running
 * while an invalidation arrived does not store its possibly older answer. Least recently used
 * users are dropped past `limit`.
 */
export function createNotificationCache(limit = 2000) {
  const entries = new Map<number, Entry>();
  const readers = new Map<number, Set<{ stale: boolean }>>();

  function store<K extends keyof Entry>(userId: number, key: K, value: Entry[K]) {
    const entry = entries.get(userId) ?? {};
    entries.delete(userId);
    entries.set(userId, { ...entry, [key]: value });
    if (entries.size > limit) entries.delete(entries.keys().next().value!);
  }

  return {
    async read<K extends keyof Entry>(
      userId: number,
      key: K,
      load: () => Promise<NonNullable<Entry[K]>>,
    ): Promise<NonNullable<Entry[K]>> {
      const entry = entries.get(userId);
      const hit = entry?.[key];
      if (hit !== undefined) {
        // Map order is recency: move the user to the end.
        entries.delete(userId);
        entries.set(userId, entry!);
        return hit as NonNullable<Entry[K]>;
      }
      const reader = { stale: false };
      let running = readers.get(userId);
      if (!running) readers.set(userId, (running = new Set()));
      running.add(reader);
      try {
        const value = await load();
        if (!reader.stale) store(userId, key, value);
        return value;
      } finally {
        running.delete(reader);
        if (running.size === 0) readers.delete(userId);
      }
    },

    invalidate(userId: number) {
      entries.delete(userId);
      for (const reader of readers.get(userId) ?? []) reader.stale = true;
    },

    /** Forgets every user, and keeps no answer of a read already running. */
    clear() {
      entries.clear();
      for (const running of readers.values()) for (const reader of running) reader.stale = true;
    },

    size: () => entries.size,
  };
}
export type NotificationCache = ReturnType<typeof createNotificationCache>;
