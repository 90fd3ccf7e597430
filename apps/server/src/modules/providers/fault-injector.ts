/** A fault that answers "not yet" rather than failing. */
export const STALL = Symbol('stall');

/**
 * Failures the simulated providers are told to have, for tests and demos: the next `times`
 * attempts of a step whose key starts with `step` ("control-plane", "node", "network"…) fail
 * with `message`, or, for a stall, answer "not yet". Faults of one step are taken in the order
 * they were injected. Kept in the instance's memory: a test switches it on where its jobs run.
 */
export function createFaultInjector() {
  const faults: { step: string; times: number; message: string | typeof STALL }[] = [];
  return {
    inject(step: string, times: number, message = `Injected failure at ${step}`) {
      faults.push({ step, times, message });
    },
    /** The next `times` attempts of the step answer "not yet", as a provider still working does. */
    stall(step: string, times: number) {
      faults.push({ step, times, message: STALL });
    },
    /** The failure (or stall) this step must have now, if any (and one use of it gone). */
    take(stepKey: string): string | typeof STALL | null {
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
