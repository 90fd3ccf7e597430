import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { jobs, outgoingMail, rateLimitEvents } from '../../src/db/schema.ts';
import {
  createJobRunner,
  defineJob,
  enqueueJob,
  HANDLER_TIMEOUT_MS,
  HEARTBEAT_MS,
  STALE_AFTER_MS,
} from '../../src/jobs/job-queue.ts';
import {
  createMailDelivery,
  queueMail,
  SMTP_TIMEOUTS,
  type OutgoingMail,
} from '../../src/modules/mail/mail-service.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const noopJob = defineJob('noop', z.object({ n: z.number() }));
const hangingJob = defineJob('hangs', z.object({}));

describe('durable jobs: sending mail', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const db = () => t.app.services.db;

  it('registration queues a verification mail that a drain delivers through the transport', async () => {
    await registerUser(t.app, { username: 'mailee', email: 'mailee@example.com' });
    // Queued with the registration, not sent during the request.
    expect(t.mail.sent).toHaveLength(0);
    const [queued] = await db().select().from(outgoingMail);
    expect(queued).toMatchObject({ to: 'mailee@example.com', status: 'queued', sentAt: null });
    expect(await db().select().from(jobs)).toEqual([
      expect.objectContaining({
        type: 'send-mail',
        status: 'pending',
        attempts: 0,
        payload: { mailId: queued!.id },
      }),
    ]);

    expect(await t.app.services.jobs.drain()).toBe(1);
    expect(t.mail.sent).toEqual([
      expect.objectContaining({
        to: 'mailee@example.com',
        subject: expect.stringMatching(/verify/i),
        text: expect.stringContaining('/verify-email?token='),
      }),
    ]);
    const [sent] = await db().select().from(outgoingMail);
    expect(sent).toMatchObject({ status: 'sent', error: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 1, lastError: null });

    // Nothing is left to do, and nothing is sent twice.
    expect(await t.app.services.jobs.drain()).toBe(0);
    expect(t.mail.sent).toHaveLength(1);
  });

  it('keeps the job pending, with the error, when the transport fails', async () => {
    t.mail.send = async () => {
      throw new Error('SMTP server said 421 try later');
    };
    await registerUser(t.app, { username: 'unlucky', email: 'unlucky@example.com' });
    await t.app.services.jobs.drain();

    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(job!.lastError).toContain('421 try later');
    // Retried later, not at once.
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    const [mail] = await db().select().from(outgoingMail);
    expect(mail).toMatchObject({ status: 'queued', sentAt: null });
    expect(mail!.error).toContain('421 try later');

    // Once the transport works and the retry is due, the mail goes out.
    const delivered: string[] = [];
    t.mail.send = async (m) => void delivered.push(m.to);
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    expect(await t.app.services.jobs.drain()).toBe(1);
    expect(delivered).toEqual(['unlucky@example.com']);
    expect((await db().select().from(jobs))[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect((await db().select().from(outgoingMail))[0]).toMatchObject({
      status: 'sent',
      error: null,
    });
  });

  it('on start, takes back jobs a dead worker held and forgets rate-limit events older than a day', async () => {
    const { db, jobs: runner } = t.app.services;
    const ran: unknown[] = [];
    runner.register(noopJob, async (payload) => void ran.push(payload));
    await db.insert(jobs).values({
      type: 'noop',
      payload: { n: 1 },
      status: 'running',
      lockedBy: 'dead-host:1',
      lockedAt: new Date(Date.now() - 10 * 60_000),
    });
    await db.insert(rateLimitEvents).values([
      { bucket: 'mail', key: 'ip:old', at: new Date(Date.now() - 2 * 86_400_000) },
      { bucket: 'mail', key: 'ip:new' },
    ]);
    await runner.start();
    try {
      await expect.poll(() => ran, { timeout: 5_000 }).toEqual([{ n: 1 }]);
      await expect
        .poll(async () => (await db.select().from(rateLimitEvents)).map((row) => row.key))
        .toEqual(['ip:new']);
    } finally {
      await runner.stop();
    }
  });

  it('delivers each mail exactly once when two drains run at once', async () => {
    const count = 12;
    for (let n = 0; n < count; n++)
      await registerUser(t.app, { username: `many${n}`, email: `many${n}@example.com` });
    // A slow transport keeps both drains busy at the same time.
    const sent: string[] = [];
    t.mail.send = async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(mail.to);
    };

    const [first, second] = await Promise.all([
      t.app.services.jobs.drain(),
      t.app.services.jobs.drain(),
    ]);
    expect(first + second).toBe(count);
    expect(sent).toHaveLength(count);
    expect(new Set(sent).size).toBe(count);
    const rows = await db().select().from(jobs);
    expect(rows.every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect((await db().select().from(outgoingMail)).every((row) => row.status === 'sent')).toBe(
      true,
    );
  });

  it('fails, instead of retrying forever, a job whose worker died on its last attempt', async () => {
    const { db, jobs: runner } = t.app.services;
    const lockedAt = new Date(Date.now() - STALE_AFTER_MS - 60_000);
    const held = { status: 'running' as const, lockedBy: 'dead-host:1', lockedAt, maxAttempts: 3 };
    await db.insert(jobs).values([
      { ...held, type: 'crashes', payload: { last: true }, attempts: 3 },
      { ...held, type: 'crashes', payload: { last: false }, attempts: 1 },
    ]);
    await runner.releaseStale();
    const rows = await db.select().from(jobs).orderBy(jobs.id);
    expect(rows[0]).toMatchObject({ status: 'failed', lockedBy: null });
    expect(rows[0]!.lastError).toMatch(/worker stopped/);
    expect(rows[0]!.finishedAt).toBeInstanceOf(Date);
    expect(rows[1]).toMatchObject({ status: 'pending', lockedBy: null, attempts: 1 });
  });

  it('holds every job of its batch while they run, and never writes the outcome of a job taken back', async () => {
    const runner = createJobRunner(t.database, { error: () => {} });
    const ran: number[] = [];
    const states: string[] = [];
    let firstLooked!: () => void;
    const looked = new Promise<void>((resolve) => (firstLooked = resolve));
    runner.register(noopJob, async ({ n }) => {
      ran.push(n);
      // The others are in hand, running beside the first, until it has looked.
      if (n !== 1) return looked;
      if (ran.filter((m) => m === 1).length > 1) return;
      // Half a minute later, as seen by the database: the heartbeat ran, then another
      // instance's stale sweep.
      await db()
        .update(jobs)
        .set({ lockedAt: new Date(Date.now() - STALE_AFTER_MS - 1000) });
      await runner.heartbeat();
      await runner.releaseStale();
      states.push(...(await db().select().from(jobs).orderBy(jobs.id)).map((job) => job.status));
      // Now this job itself is taken back while it runs, as a worker cut off from the database
      // would find it: its late finish must not mark it done.
      await db()
        .update(jobs)
        .set({ status: 'pending', lockedBy: null })
        .where(eq(jobs.id, firstId));
      firstLooked();
    });
    for (const n of [1, 2, 3]) await enqueueJob(db(), noopJob, { n });
    const [first] = await db().select().from(jobs).orderBy(jobs.id).limit(1);
    const firstId = first!.id;
    await runner.drain();
    expect(states).toEqual(['running', 'running', 'running']);
    // The taken-back run wrote nothing, so the job ran again, once, and that run finished it.
    expect(ran.slice(0, 3).sort()).toEqual([1, 2, 3]);
    expect(ran.slice(3)).toEqual([1]);
    const rows = await db().select().from(jobs).orderBy(jobs.id);
    expect(rows.map((job) => job.status)).toEqual(['done', 'done', 'done']);
  });

  it('runs a job that asks to wait again later, counting no attempt for the wait', async () => {
    const runner = createJobRunner(t.database, { error: () => {} });
    const seen: { attempt: number; maxAttempts: number }[] = [];
    runner.register(noopJob, async (_payload, { attempt, maxAttempts }) => {
      seen.push({ attempt, maxAttempts });
      if (seen.length < 3) return { rescheduleInMs: 0 };
    });
    await enqueueJob(db(), noopJob, { n: 1 });
    await runner.drain();
    expect(seen).toEqual([
      { attempt: 1, maxAttempts: 5 },
      { attempt: 1, maxAttempts: 5 },
      { attempt: 1, maxAttempts: 5 },
    ]);
    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('checks a payload against its job type: refused when queued, failed at once when stored wrong', async () => {
    const runner = createJobRunner(t.database, { error: () => {} });
    const ran: unknown[] = [];
    runner.register(noopJob, async (payload) => void ran.push(payload));
    await expect(
      enqueueJob(db(), noopJob, { n: 'one' } as unknown as { n: number }),
    ).rejects.toThrow();
    expect(await db().select().from(jobs)).toEqual([]);

    // A row written by an older version of the code, or by hand: retrying cannot mend it.
    await db()
      .insert(jobs)
      .values({ type: 'noop', payload: { count: 1 }, maxAttempts: 5 });
    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual([]);
    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toMatch(/Invalid payload for noop/);

    await enqueueJob(db(), noopJob, { n: 2 });
    await runner.drain();
    expect(ran).toEqual([{ n: 2 }]);
  });

  it('times a handler out well before the stale window, aborting it, and retries it later', async () => {
    expect(HEARTBEAT_MS).toBeLessThanOrEqual(STALE_AFTER_MS / 4);
    const smtpWorstCase =
      SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout + SMTP_TIMEOUTS.socketTimeout;
    expect(smtpWorstCase).toBeLessThan(HANDLER_TIMEOUT_MS / 2);

    const runner = createJobRunner(t.database, { error: () => {} }, { handlerTimeoutMs: 100 });
    let aborted = false;
    runner.register(hangingJob, (_payload, { signal }) => {
      signal.addEventListener('abort', () => (aborted = true));
      return new Promise(() => {});
    });
    await enqueueJob(db(), hangingJob, {});
    expect(await runner.drain()).toBe(1);
    expect(aborted).toBe(true);
    const [job] = await db().select().from(jobs);
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null });
    expect(job!.lastError).toMatch(/timed out/);
  });

  it('never sends one mail twice, even when two deliveries of it overlap', async () => {
    await db().transaction((tx) =>
      queueMail(tx, { to: 'once@example.com', subject: 'Once', text: 'Only once, please.' }),
    );
    const [queued] = await db().select().from(outgoingMail);
    const sent: OutgoingMail[] = [];
    let release!: () => void;
    const slow = {
      name: 'slow',
      send: async (mail: OutgoingMail) => {
        await new Promise<void>((resolve) => (release = resolve));
        sent.push(mail);
      },
    };
    const deliver = createMailDelivery(db(), slow, 'Alpenkube <noreply@alpenkube.example>');
    const payload = { mailId: queued!.id };
    const first = deliver(payload);
    // A retry (the first timed out in the runner's eyes) while the first still talks to SMTP.
    await expect
      .poll(async () => (await db().select().from(outgoingMail))[0]!.status)
      .toBe('sending');
    // It waits for the claim to lapse (the handler time-out), spending no attempt.
    const waiting = await deliver(payload);
    expect(waiting).toEqual({ rescheduleInMs: expect.any(Number) });
    expect((waiting as { rescheduleInMs: number }).rescheduleInMs).toBeGreaterThan(
      HANDLER_TIMEOUT_MS - 10_000,
    );
    release();
    await first;
    await deliver(payload);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messageId).toBe(
      `<mail-${queued!.id}-${queued!.createdAt.getTime()}@alpenkube.example>`,
    );
    expect((await db().select().from(outgoingMail))[0]).toMatchObject({ status: 'sent' });
  });

  it('sends again a mail whose claim outlived the handler time-out: its worker died mid-send', async () => {
    await db().transaction((tx) =>
      queueMail(tx, { to: 'crash@example.com', subject: 'After a crash', text: 'Still needed.' }),
    );
    const [queued] = await db().select().from(outgoingMail);
    const sent: OutgoingMail[] = [];
    const deliver = createMailDelivery(
      db(),
      { name: 'recording', send: async (mail) => void sent.push(mail) },
      'Alpenkube <noreply@alpenkube.example>',
    );
    // Claimed a moment ago: another attempt may still be talking to SMTP.
    await db()
      .update(outgoingMail)
      .set({ status: 'sending', sendingAt: new Date(Date.now() - 1000) })
      .where(eq(outgoingMail.id, queued!.id));
    const waiting = await deliver({ mailId: queued!.id });
    expect((waiting as { rescheduleInMs: number }).rescheduleInMs).toBeLessThanOrEqual(
      HANDLER_TIMEOUT_MS,
    );
    expect(sent).toHaveLength(0);

    // Claimed longer ago than any attempt can last: that attempt is over, the mail goes out.
    await db()
      .update(outgoingMail)
      .set({ sendingAt: new Date(Date.now() - HANDLER_TIMEOUT_MS - 1000) })
      .where(eq(outgoingMail.id, queued!.id));
    await deliver({ mailId: queued!.id });
    expect(sent.map((mail) => mail.to)).toEqual(['crash@example.com']);
    expect(sent[0]!.messageId).toBe(
      `<mail-${queued!.id}-${queued!.createdAt.getTime()}@alpenkube.example>`,
    );
    expect((await db().select().from(outgoingMail))[0]).toMatchObject({ status: 'sent' });
  });

  it('gives a mail the same Message-ID on every attempt', async () => {
    const ids: string[] = [];
    t.mail.send = async (mail) => {
      ids.push(mail.messageId!);
      if (ids.length === 1) throw new Error('421 try later');
    };
    await registerUser(t.app, { username: 'retried', email: 'retried@example.com' });
    await t.app.services.jobs.drain();
    await db()
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) });
    await t.app.services.jobs.drain();
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^<mail-\d+-\d+@[^>]+>$/);
    expect(ids[1]).toBe(ids[0]);
  });
});
