import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PushMessage } from '@alpenkube/contract';
import { organizations, sessions, users } from '../../src/db/schema.ts';
import { publishPush, type PushAudience } from '../../src/modules/realtime/index.ts';
import { CLOSE_SESSION_ENDED } from '../../src/modules/realtime/realtime-hub.ts';
import { nextMessage, openSocket, stateAfterASecond, type OpenSocket } from '../support/sockets.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

const message = (text: string): PushMessage => ({
  type: 'notification',
  userId: 0,
  notification: {
    id: 0,
    type: 'info',
    message: text,
    timestamp: new Date().toISOString(),
    read: false,
    trash: false,
  },
});

/**
 * Pushes go to an audience (one user, or the approved members of an organization) on every
 * instance, once the transaction that caused them commits.
 */
describe('typed pushes to users and organizations', () => {
  let a: TestApp;
  let b: TestApp;
  const opened: OpenSocket[] = [];
  beforeEach(async () => {
    a = await createTestApp();
    b = await createTestApp({ reset: false });
  });
  afterEach(async () => {
    for (const { socket } of opened.splice(0)) socket.terminate();
    await b.close();
    await a.close();
  });

  /** A socket of a new session of `userId`, opened on `instance`. */
  async function socketOf(instance: TestApp, userId: number) {
    const sid = await instance.app.services.sessions.create(instance.app.services.db, userId, {
      userAgent: 'push test',
      ip: '127.0.0.1',
    });
    const open = await openSocket(instance, sid);
    opened.push(open);
    return open;
  }

  async function memberOf(
    organizationId: number,
    username: string,
    status: 'active' | 'pending_approval',
  ) {
    const [row] = await a.app.services.db
      .insert(users)
      .values({
        organizationId,
        username,
        email: `${username}@push.test`,
        passwordHash: 'not-a-hash',
        status,
      })
      .returning();
    return row!.id;
  }

  const publish = (audience: PushAudience, text: string) =>
    a.app.services.db.transaction((tx) => publishPush(tx, audience, message(text)));

  it('reaches every approved member of an organization, on every instance, and no one else', async () => {
    const founder = await registerUser(a.app, { username: 'founder' });
    const [row] = await a.app.services.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, founder.user.id));
    const organizationId = row!.organizationId;
    const colleague = await memberOf(organizationId, 'colleague', 'active');
    const applicant = await memberOf(organizationId, 'applicant', 'pending_approval');
    const stranger = await registerUser(a.app, { username: 'stranger' });

    const founderSocket = await socketOf(a, founder.user.id);
    const colleagueSocket = await socketOf(b, colleague);
    const applicantSocket = await socketOf(b, applicant);
    const strangerSocket = await socketOf(a, stranger.user.id);

    const received = Promise.all(
      [founderSocket, colleagueSocket, applicantSocket, strangerSocket].map(nextMessage),
    );
    await publish({ organizationId }, 'for the whole organization');
    const [toFounder, toColleague, toApplicant, toStranger] = await received;
    expect(toFounder).toMatchObject({ notification: { message: 'for the whole organization' } });
    expect(toColleague).toMatchObject({ notification: { message: 'for the whole organization' } });
    expect(toApplicant).toBeNull();
    expect(toStranger).toBeNull();

    const onlyColleague = Promise.all([founderSocket, colleagueSocket].map(nextMessage));
    await publish({ userId: colleague }, 'for one person');
    expect(await onlyColleague).toEqual([
      null,
      expect.objectContaining({
        notification: expect.objectContaining({ message: 'for one person' }),
      }),
    ]);
  });

  it("follows a member's standing on open sockets: joins when approved, leaves when two-factor is required", async () => {
    const founder = await registerUser(a.app, { username: 'standing-founder' });
    const [row] = await a.app.services.db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, founder.user.id));
    const organizationId = row!.organizationId;
    const applicant = await memberOf(organizationId, 'standing-applicant', 'pending_approval');
    const socket = await socketOf(b, applicant);
    /** A user's change as the members' and operators' services make it, seen by every instance. */
    const change = (
      set: Partial<typeof users.$inferInsert>,
      organization?: { mfaRequired: boolean },
    ) =>
      a.app.services.db.transaction(async (tx) => {
        await tx.update(users).set(set).where(eq(users.id, applicant));
        if (organization) {
          await tx
            .update(organizations)
            .set(organization)
            .where(eq(organizations.id, organizationId));
        }
        await a.app.services.sessions.userChanged(tx, applicant);
      });
    const heard = async (text: string) => {
      const received = nextMessage(socket);
      await publish({ organizationId }, text);
      return received;
    };
    /** The refresh runs when instance b hears the change; a push after it tells. */
    const eventually = async (text: string, expected: 'heard' | 'not heard') => {
      for (let attempt = 0; attempt < 20; attempt++) {
        const got = await heard(`${text} ${attempt}`);
        if ((got !== null) === (expected === 'heard')) return true;
      }
      return false;
    };

    expect(await heard('before approval')).toBeNull();
    await change({ status: 'active' });
    expect(await eventually('approved', 'heard')).toBe(true);
    await change({ updatedAt: new Date() }, { mfaRequired: true });
    expect(await eventually('two-factor required', 'not heard')).toBe(true);
  });

  it('pushes nothing for a transaction that rolls back', async () => {
    const { user } = await registerUser(a.app, { username: 'undone' });
    const socket = await socketOf(b, user.id);
    // The welcome notification of the registration may still be on its way to b: collect
    // every message, and let a committed push after the rollback mark the end of the wait.
    const texts: string[] = [];
    socket.socket.on('message', (data) => {
      const push = JSON.parse(String(data)) as { notification?: { message: string } };
      if (push.notification) texts.push(push.notification.message);
    });
    await expect(
      a.app.services.db.transaction(async (tx) => {
        await publishPush(tx, { userId: user.id }, message('never sent'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await a.app.services.db.transaction((tx) =>
      publishPush(tx, { userId: user.id }, message('committed')),
    );
    await expect.poll(() => texts.includes('committed'), { timeout: 5_000 }).toBe(true);
    expect(texts).not.toContain('never sent');
  });

  it('closes the socket of a session that expired, at the next sweep', async () => {
    const { user } = await registerUser(a.app, { username: 'expiring' });
    const socket = await socketOf(a, user.id);
    const other = await socketOf(a, user.id);
    const [oldest] = await a.app.services.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userAgent, 'push test'))
      .orderBy(sessions.id)
      .limit(1);
    await a.app.services.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, oldest!.id));
    await a.app.services.realtime.closeEndedSessions();
    expect(await stateAfterASecond(socket)).toBe(CLOSE_SESSION_ENDED);
    expect(await stateAfterASecond(other)).toBe('open');
  });

  it("never gives a socket another user's messages, with many users on two instances at once", async () => {
    const ORGANIZATIONS = 8;
    const MEMBERS = 4;
    const people: { userId: number; organizationId: number; socket: OpenSocket }[] = [];
    for (let o = 0; o < ORGANIZATIONS; o++) {
      const founder = await registerUser(a.app, { username: `crowd${o}` });
      const [row] = await a.app.services.db
        .select({ organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, founder.user.id));
      const organizationId = row!.organizationId;
      for (let m = 0; m < MEMBERS; m++) {
        const userId =
          m === 0 ? founder.user.id : await memberOf(organizationId, `crowd${o}m${m}`, 'active');
        const instance = people.length % 2 ? b : a;
        people.push({ userId, organizationId, socket: await socketOf(instance, userId) });
      }
    }
    const received = new Map<number, string[]>(people.map((p) => [p.userId, []]));
    for (const person of people) {
      person.socket.socket.on('message', (data) => {
        const pushed = JSON.parse(String(data)) as { notification?: { message: string } };
        if (pushed.notification) received.get(person.userId)!.push(pushed.notification.message);
      });
    }
    const expected = new Map<number, string[]>(
      people.map((p) => [p.userId, [`user ${p.userId}`, `organization ${p.organizationId}`]]),
    );
    // Every message at once, from both instances, so the hubs fan out concurrently.
    await Promise.all([
      ...people.map((p, i) =>
        (i % 2 ? b : a).app.services.db.transaction((tx) =>
          publishPush(tx, { userId: p.userId }, message(`user ${p.userId}`)),
        ),
      ),
      ...[...new Set(people.map((p) => p.organizationId))].map((organizationId) =>
        publish({ organizationId }, `organization ${organizationId}`),
      ),
    ]);
    const total = people.length * 2;
    const deadline = Date.now() + 10_000;
    const count = () => [...received.values()].reduce((sum, list) => sum + list.length, 0);
    while (count() < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // Anything misdirected would arrive as extra: give it time to.
    await new Promise((r) => setTimeout(r, 300));
    for (const [userId, messages] of received) {
      expect(messages.sort(), `user ${userId}`).toEqual(expected.get(userId)!.sort());
    }
  });
});
