/**
 * A check that is costly to run on every ask (a database round trip for a health check polled
 * by load balancers): concurrent asks share one run, and its answer is reused for `maxAgeMs`.
 * Answers whether the check succeeded; a failure is reused too, so an outage is not hammered.
 */
export function coalescedProbe(check: () => Promise<unknown>, maxAgeMs: number) {
  let last: { at: number; ok: boolean } | undefined;
  let running: Promise<boolean> | null = null;
  return function probe(): Promise<boolean> {
    if (last && Date.now() - last.at < maxAgeMs) return Promise.resolve(last.ok);
    running ??= check()
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        last = { at: Date.now(), ok };
        running = null;
        return ok;
      });
    return running;
  };
}
