import { afterEach, describe, expect, it } from 'vitest';
import { watchEventLoop, type EventLoopStall } from './event-loop-watch.ts';

/** Synchronous work that keeps the event loop from turning, as a heavy render or query would. */
function holdTheLoop(ms: number) {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins += Math.sqrt(spins + 1);
  return spins;
}

const nextStall = (stalls: EventLoopStall[]) =>
  new Promise<EventLoopStall>((resolve) => {
    const check = setInterval(() => {
      if (stalls.length > 0) {
        clearInterval(check);
        resolve(stalls[0]!);
      }
    }, 10);
  });

describe('watchEventLoop', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('reports a stall with the code that held the loop', async () => {
    const stalls: EventLoopStall[] = [];
    ({ stop } = watchEventLoop({ stallMs: 200, profile: true, onStall: (s) => stalls.push(s) }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    holdTheLoop(400);
    const stall = await nextStall(stalls);
    expect(stall.blockedMs).toBeGreaterThanOrEqual(200);
    // Whether the machine was busy is not asserted here: a loop held on the CPU waits for a core
    // whenever other tests run beside it. The next test checks the server's own wait off the CPU.
    expect(stall.cause[0]).toMatch(
      /^holdTheLoop \(apps\/server\/src\/lib\/event-loop-watch\.test\.ts:\d+\)/,
    );
  });

  it("counts a synchronous wait as the server's own, not as a busy machine", async () => {
    const stalls: EventLoopStall[] = [];
    ({ stop } = watchEventLoop({ stallMs: 200, profile: false, onStall: (s) => stalls.push(s) }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // As a synchronous read or fsync waits: off the CPU, yet holding the loop.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
    const stall = await nextStall(stalls);
    expect(stall.blockedMs).toBeGreaterThanOrEqual(200);
    expect(stall.machineBusy).toBe(false);
  });

  it('reports nothing while the loop turns, and no cause without the profiler', async () => {
    const stalls: EventLoopStall[] = [];
    ({ stop } = watchEventLoop({ stallMs: 200, profile: false, onStall: (s) => stalls.push(s) }));
    for (let i = 0; i < 5; i++) {
      holdTheLoop(50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(stalls).toEqual([]);
    holdTheLoop(300);
    const stall = await nextStall(stalls);
    expect(stall.cause).toEqual([]);
  });
});
