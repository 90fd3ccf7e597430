/**
 * Failures the simulated providers are told to have, for tests and demos: the next `times`
 * attempts of a step whose key starts with `step` ("control-plane", "node", "network"…) fail
 * with `message`. Kept in the instance's memory: a test switches it on where its jobs run.
 */
export function createFaultInjector() {
  const faults: { step: string; times: number; message: string }[] = [];
  return {
    inject(step: string, times: number, message = `Injected failure at ${step}`) {
      faults.push({ step, times, message });
    },
    /** The message of a failure this step must have now, if any (and one use of it gone). */
    take(stepKey: string): string | null {
      const fault = faults.find((candidate) => stepKey.startsWith(candidate.step));
      if (!fault) return null;
      fault.times -= 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      return fault.message;
    },
    clear() {
      faults.length = 0;
    },
  };
}
export type FaultInjector = ReturnType<typeof createFaultInjector>;
