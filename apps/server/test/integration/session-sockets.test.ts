import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../src/db/schema.ts';
import { LISTENER_APPLICATION_NAME } from '../../src/db/client.ts';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY_SOCKETS,
  MAX_SOCKETS_PER_USER,
} from '../../src/modules/realtime/realtime-hub.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';
import { openSocket, stateAfterASecond, type OpenSocket } from '../support/sockets.ts';

const NEW_PASSWORD = 'another-long-passphrase-77';

async function signIn(instance: TestApp, username: string, password = STRONG_PASSWORD) {
  const client = new Client(instance.app);
  const response = await client.post('/api/login', { username, password });
  expect(response.statusCode).toBe(200);
  return client;
}

/**
 * A socket belongs to the session that opened it: ending that session closes it on every
 * instance, within a second, and leaves the sockets of the user's other sessions alone.
 */
describe('sockets end with their session', () => {
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
  const track = (open: OpenSocket) => (opened.push(open), open);

  /** The user signed in twice: a laptop (through A) and a phone (through B). */
  async function twoDevices(username: string) {
    const { user } = await registerUser(a.app, { username });
    const laptop = await signIn(a, username);
    const phone = await signIn(b, username);
    return {
      user,
      laptop,
      phone,
      laptopSid: laptop.cookie('sid')!,
      phoneSid: phone.cookie('sid')!,
    };
  }

  it('signing out closes that session’s sockets on both instances, not the other session’s', async () => {
    const { laptop, laptopSid, phoneSid } = await twoDevices('leaver');
    const laptopOnA = track(await openSocket(a, laptopSid));
    const laptopOnB = track(await openSocket(b, laptopSid));
    const phoneOnA = track(await openSocket(a, phoneSid));

    expect((await laptop.post('/api/logout')).statusCode).toBe(204);
    expect(await stateAfterASecond(laptopOnA)).toBe(CLOSE_SESSION_ENDED);
    expect(await stateAfterASecond(laptopOnB)).toBe(CLOSE_SESSION_ENDED);
    expect(await stateAfterASecond(phoneOnA)).toBe('open');
  });

  it('revoking one session closes its sockets; revoking the others keeps the current one', async () => {
    const { laptop, laptopSid, phoneSid } = await twoDevices('revoker');
    const [phoneSession] = (await laptop.get('/api/auth/sessions'))
      .json()
      .filter((session: { current: boolean }) => !session.current);
    const phoneOnB = track(await openSocket(b, phoneSid));
    const laptopOnB = track(await openSocket(b, laptopSid));
    expect((await laptop.delete(`/api/auth/sessions/${phoneSession.id}`)).statusCode).toBe(204);
    expect(await stateAfterASecond(phoneOnB)).toBe(CLOSE_SESSION_ENDED);

    const tablet = await signIn(a, 'revoker');
    const tabletOnB = track(await openSocket(b, tablet.cookie('sid')!));
    expect((await laptop.post('/api/auth/sessions/revoke-others')).statusCode).toBe(200);
    expect(await stateAfterASecond(tabletOnB)).toBe(CLOSE_SESSION_ENDED);
    expect(await stateAfterASecond(laptopOnB)).toBe('open');
  });

  it('a password change closes the other sessions’ sockets, and a reset closes every one', async () => {
    const { laptop, laptopSid, phoneSid } = await twoDevices('changer');
    const laptopOnB = track(await openSocket(b, laptopSid));
    const phoneOnA = track(await openSocket(a, phoneSid));
    const changed = await laptop.put('/api/user/password', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
    expect(await stateAfterASecond(phoneOnA)).toBe(CLOSE_SESSION_ENDED);
    expect(await stateAfterASecond(laptopOnB)).toBe('open');

    await new Client(b.app).post('/api/auth/forgot-password', { email: 'changer@example.com' });
    await b.app.services.jobs.drain();
    const { token } = await lastMailTo(b.app, 'changer@example.com');
    const reset = await new Client(b.app).post('/api/auth/reset-password', {
      token,
      password: STRONG_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect(await stateAfterASecond(laptopOnB)).toBe(CLOSE_SESSION_ENDED);
  });

  it('a profile edit keeps the sockets open; disabling the user closes them', async () => {
    const { user, laptop, laptopSid } = await twoDevices('edited');
    const onB = track(await openSocket(b, laptopSid));
    const edited = await laptop.patch('/api/user', { name: 'Edith', email: 'edited@example.com' });
    expect(edited.statusCode).toBe(200);
    expect(await stateAfterASecond(onB)).toBe('open');

    await a.app.services.db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      await a.app.services.sessions.userChanged(tx, user.id);
    });
    expect(await stateAfterASecond(onB)).toBe(CLOSE_SESSION_ENDED);
    await expect(openSocket(b, laptopSid)).rejects.toThrow(/401/);
  });

  it('a socket of a session ended without a word (a lost NOTIFY) closes once the listener reconnects', async () => {
    // Only PostgreSQL has a LISTEN connection that can drop; this checks the hub's recheck.
    if (a.database.kind !== 'postgres') return;
    const { laptopSid } = await twoDevices('recheck');
    const onB = track(await openSocket(b, laptopSid));
    await b.database.db.execute(
      // Every LISTEN backend of this database: A's and B's listeners both reconnect.
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database()
            and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    await b.database.db.delete(sessions);
    expect(await Promise.race([onB.closed, new Promise((r) => setTimeout(r, 5000))])).toBe(
      CLOSE_SESSION_ENDED,
    );
  });
});

describe('the WebSocket upgrade', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('refuses a page of another site (cross-site WebSocket hijacking), accepts the public URL', async () => {
    const { client } = await registerUser(t.app, { username: 'framed' });
    const sid = client.cookie('sid')!;
    await expect(openSocket(t, sid, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const configured = await openSocket(t, sid, { origin: t.config.publicUrl });
    configured.socket.terminate();
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets per user, closing the oldest`, async () => {
    const { client } = await registerUser(t.app, { username: 'many-tabs' });
    const sid = client.cookie('sid')!;
    const tabs: OpenSocket[] = [];
    for (let n = 0; n < MAX_SOCKETS_PER_USER; n++) tabs.push(await openSocket(t, sid));
    const extra = await openSocket(t, sid);
    expect(await stateAfterASecond(tabs[0]!)).toBe(CLOSE_TOO_MANY_SOCKETS);
    expect(await stateAfterASecond(extra)).toBe('open');
    await expect.poll(() => t.app.services.realtime.socketCount()).toBe(MAX_SOCKETS_PER_USER);
    for (const tab of [...tabs, extra]) tab.socket.terminate();
  });
});
