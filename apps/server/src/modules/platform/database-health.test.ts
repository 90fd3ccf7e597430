import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadActivity } from '../../db/pglite-thread.ts';
import { BUSY_DATABASE_BOUND_MS, databaseHealth, HEALTH_DEADLINE_MS } from './database-health.ts';

/** A probe that answers when the test says so. */
function heldProbe() {
  let answer: (ok: boolean) => void = () => {};
  const probe = () => new Promise<boolean>((resolve) => (answer = resolve));
  return { probe, answer: (ok: boolean) => answer(ok) };
}

const thread = (activity: ThreadActivity) => () => activity;

describe('databaseHealth', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The health answer, with the fake clock moved past the deadline if it is not in yet. */
  async function settle(health: Promise<string>) {
    await vi.advanceTimersByTimeAsync(HEALTH_DEADLINE_MS);
    return health;
  }

  it('answers ok when the probe answers in time, down when it fails', async () => {
    const idle = thread({ stopped: false, oldestWaitMs: 0 });
    expect(await databaseHealth(async () => true, idle)()).toBe('ok');
    expect(await databaseHealth(async () => false, idle)()).toBe('down');
  });

  it('answers busy, at once, when the probe waits behind a young query of a live thread', async () => {
    const { probe } = heldProbe();
    const health = databaseHealth(probe, thread({ stopped: false, oldestWaitMs: 9_000 }));
    let settled: string | undefined;
    void health().then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe('busy');
  });

  it('gives the probe until the oldest request has waited the deadline', async () => {
    const activity = { stopped: false, oldestWaitMs: 0 };
    const { probe, answer } = heldProbe();
    const health = databaseHealth(probe, () => activity);
    let settled: string | undefined;
    void health().then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(HEALTH_DEADLINE_MS - 1);
    expect(settled).toBeUndefined();
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe('ok');

    // A probe that does not answer: busy once the deadline is past.
    const held = heldProbe();
    const second = databaseHealth(held.probe, () => activity)();
    activity.oldestWaitMs = HEALTH_DEADLINE_MS;
    expect(await settle(second)).toBe('busy');
  });

  it('answers down when the thread stopped, or its oldest request waited past the bound', async () => {
    const { probe } = heldProbe();
    expect(await settle(databaseHealth(probe, thread({ stopped: true, oldestWaitMs: 10 }))())).toBe(
      'down',
    );
    expect(
      await settle(
        databaseHealth(probe, thread({ stopped: false, oldestWaitMs: BUSY_DATABASE_BOUND_MS }))(),
      ),
    ).toBe('down');
  });

  it('answers down when the probe fails after the deadline, once it is in', async () => {
    const { probe, answer } = heldProbe();
    const health = databaseHealth(probe, thread({ stopped: false, oldestWaitMs: 100 }));
    const first = health();
    answer(false);
    expect(await settle(first)).toBe('down');
  });

  it('waits for the probe on PostgreSQL (no thread), however long it takes', async () => {
    const { probe, answer } = heldProbe();
    let settled: string | undefined;
    void databaseHealth(probe, undefined)().then((result) => (settled = result));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBeUndefined();
    answer(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe('ok');
  });
});
