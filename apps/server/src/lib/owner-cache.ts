/**
 * Answers kept in memory per owner (a user, an organization) until a change of the owner's
 * data invalidates them on every instance (NOTIFY). An owner's entry holds named slots (the
 * notification bell's list and count; the billing summary of an hour). Reads of a slot that is
 * being loaded wait for that load instead of starting another (fifty requests after a change
 * make one query, not fifty). A read that was running while an invalidation arrived does not
 * store its possibly older answer, and reads after the invalidation load afresh. Least recently
 * used owners are dropped past `limit`, or past `maxWeight` in all when the values are weighed
 * (pages of JSON, whose number per owner grows with the queries asked); an owner keeps at most
 * `slotsPerOwner` slots, the least recently stored dropped first.
 */
export function createOwnerCache<Slots extends Record<string, unknown>>(
  limit = 2000,
  bounds: { slotsPerOwner?: number; maxWeight?: number; weigh?: (value: unknown) => number } = {},
) {
  type Entry = Partial<Slots>;
  const { slotsPerOwner = Infinity, maxWeight = Infinity, weigh = () => 0 } = bounds;
  const entries = new Map<number, Entry>();
  const weights = new Map<number, number>();
  let totalWeight = 0;
  const readers = new Map<number, Set<{ stale: boolean }>>();
  const loading = new Map<number, Map<keyof Slots, Promise<unknown>>>();

  const weightOf = (entry: Entry) =>
    Object.values(entry).reduce((sum: number, value) => sum + weigh(value), 0);

  function drop(owner: number) {
    entries.delete(owner);
    totalWeight -= weights.get(owner) ?? 0;
    weights.delete(owner);
  }

  function store<K extends keyof Slots>(owner: number, slot: K, value: Slots[K]) {
    const entry: Record<string, unknown> = { ...entries.get(owner) };
    delete entry[slot as string];
    entry[slot as string] = value;
    const slots = Object.keys(entry);
    for (const old of slots.slice(0, Math.max(0, slots.length - slotsPerOwner))) delete entry[old];
    drop(owner);
    const weight = weightOf(entry as Entry);
    entries.set(owner, entry as Entry);
    weights.set(owner, weight);
    totalWeight += weight;
    while (entries.size > limit || (totalWeight > maxWeight && entries.size > 1)) {
      drop(entries.keys().next().value!);
    }
  }

  return {
    async read<K extends keyof Slots>(
      owner: number,
      slot: K,
      load: () => Promise<Slots[K]>,
    ): Promise<Slots[K]> {
      const entry = entries.get(owner);
      if (entry && slot in entry) {
        // Map order is recency: move the owner to the end.
        entries.delete(owner);
        entries.set(owner, entry);
        return entry[slot] as Slots[K];
      }
      const shared = loading.get(owner)?.get(slot);
      if (shared) return shared as Promise<Slots[K]>;
      const reader = { stale: false };
      let running = readers.get(owner);
      if (!running) readers.set(owner, (running = new Set()));
      running.add(reader);
      let slots = loading.get(owner);
      if (!slots) loading.set(owner, (slots = new Map()));
      let started: Promise<Slots[K]>;
      try {
        started = load();
      } catch (error) {
        started = Promise.reject(error as Error);
      }
      // The cleanup runs on a later tick, when `loaded` exists to be compared with.
      const loaded: Promise<Slots[K]> = started
        .then((value) => {
          if (!reader.stale) store(owner, slot, value);
          return value;
        })
        .finally(() => {
          running.delete(reader);
          if (running.size === 0) readers.delete(owner);
          const current = loading.get(owner);
          if (current?.get(slot) === loaded) current.delete(slot);
          if (current?.size === 0) loading.delete(owner);
        });
      slots.set(slot, loaded);
      return loaded;
    },

    invalidate(owner: number) {
      drop(owner);
      loading.delete(owner);
      for (const reader of readers.get(owner) ?? []) reader.stale = true;
    },

    /** Forgets every owner, and keeps no answer of a read already running. */
    clear() {
      entries.clear();
      weights.clear();
      totalWeight = 0;
      loading.clear();
      for (const running of readers.values()) for (const reader of running) reader.stale = true;
    },

    size: () => entries.size,
  };
}
export type OwnerCache<Slots extends Record<string, unknown>> = ReturnType<
  typeof createOwnerCache<Slots>
>;
