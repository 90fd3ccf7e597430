/**
 * Reads that concurrent asks for the same key share, without ever answering an ask with a read
 * that began before it: the first ask starts a read; asks that arrive while it runs wait for
 * one more read, started when it ends, which all of them share. Each answer is therefore at
 * least as fresh as its ask (a client reads its own writes), and a key has at most one read
 * running and one waiting, however many ask: 50 callers of one cluster's metrics cost the
 * database two queries at a time, not 50. A failure answers the asks of that read only.
 */
export function sharedReads<T>() {
  interface Flight {
    /** The asks that came while the read ran: their read starts when it ends. */
    waiting: {
      promise: Promise<T>;
      resolve: (value: T) => void;
      reject: (error: unknown) => void;
    } | null;
  }
  const flights = new Map<string, Flight>();

  function launch(key: string, read: () => Promise<T>): Promise<T> {
    const flight: Flight = { waiting: null };
    flights.set(key, flight);
    const running = Promise.resolve().then(read);
    const land = () => {
      const waiting = flight.waiting;
      if (!waiting) {
        flights.delete(key);
        return;
      }
      launch(key, read).then(waiting.resolve, waiting.reject);
    };
    running.then(land, land);
    return running;
  }

  /** `read`'s answer for `key`, from a read that began no earlier than this call. */
  return function shared(key: string, read: () => Promise<T>): Promise<T> {
    const flight = flights.get(key);
    if (!flight) return launch(key, read);
    if (!flight.waiting) {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const promise = new Promise<T>((yes, no) => {
        resolve = yes;
        reject = no;
      });
      flight.waiting = { promise, resolve, reject };
    }
    return flight.waiting.promise;
  };
}
