import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifications, sessions, users } from '../../src/db/schema.ts';
import { LISTENER_APPLICATION_NAME } from '../../src/db/client.ts';
import {
  Client,
  createTestApp,
  registerUser,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

/**
 * Two instances on one database, as behind a load balancer. Each keeps signed-in sessions in
 * memory; an instance learns that a session ended or a user changed only through LISTEN/NOTIFY.
 */
describe('two instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await createTestApp();
    b = await createTestApp({ reset: false });
  });
  afterEach(async () => {
    await b.close();
    await a.close();
  });

  /** The same cookie, presented to another instance. */
  const userThrough = (instance: TestApp, sid: string) =>
    instance.app.inject({ method: 'GET', url: '/api/user', cookies: { sid } });
  const eventually = { timeout: 5_000, interval: 25 };

  it('a session started on A works on B, and signing out on A ends it on B', async () => {
    const { user } = await registerUser(a.app, { username: 'roamer' });
    const client = new Client(a.app);
    expect(
      (await client.post('/api/login', { username: 'roamer', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const sid = client.cookie('sid')!;

    // B loads the session from the database and keeps it in its memory.
    const viaB = await userThrough(b, sid);
    expect(viaB.statusCode).toBe(200);
    expect(viaB.json()).toMatchObject({ id: user.id, username: 'roamer' });
    expect((await userThrough(b, sid)).statusCode).toBe(200);

    expect((await client.post('/api/logout')).statusCode).toBe(204);
    expect((await userThrough(a, sid)).statusCode).toBe(401);
    // B hears of it by NOTIFY; without that it would answer from memory for days.
    await expect.poll(async () => (await userThrough(b, sid)).statusCode, eventually).toBe(401);
    expect((await userThrough(b, sid)).json()).toEqual({ message: expect.any(String) });
  });

  it('a notification list cached on B follows changes made through A', async () => {
    const { client } = await registerUser(a.app, { username: 'reader' });
    const sid = client.cookie('sid')!;
    const through = (instance: TestApp, method: 'GET' | 'PUT' | 'POST', url: string) =>
      instance.app.inject({ method, url, cookies: { sid } });

    // B answers the list and the count, and keeps them.
    const [welcome] = (await through(b, 'GET', '/api/notifications')).json();
    expect((await through(b, 'GET', '/api/notifications/count')).json()).toEqual({ count: 1 });

    expect((await through(a, 'PUT', `/api/notifications/${welcome.id}/read`)).statusCode).toBe(200);
    await expect
      .poll(async () => (await through(b, 'GET', '/api/notifications/count')).json(), eventually)
      .toEqual({ count: 0 });
    expect((await through(b, 'GET', '/api/notifications')).json()[0].read).toBe(true);

    await a.app.services.notifications.create(
      (await through(a, 'GET', '/api/user')).json().id,
      'success',
      'Cluster ready',
    );
    await expect
      .poll(async () => (await through(b, 'GET', '/api/notifications')).json().length, eventually)
      .toBe(2);

    expect((await through(a, 'PUT', `/api/notifications/${welcome.id}/trash`)).statusCode).toBe(
      200,
    );
    await expect
      .poll(async () => (await through(b, 'GET', '/api/notifications')).json().length, eventually)
      .toBe(1);
  });

  it('sessions revoked on A stop working on B', async () => {
    const { client } = await registerUser(a.app, { username: 'revoked' });
    const phone = new Client(b.app);
    expect(
      (await phone.post('/api/login', { username: 'revoked', password: STRONG_PASSWORD }))
        .statusCode,
    ).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(200);

    expect((await client.post('/api/auth/sessions/revoke-others')).json()).toEqual({ revoked: 1 });
    await expect.poll(async () => (await phone.get('/api/user')).statusCode, eventually).toBe(401);
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('a role change made through A is visible through B', async () => {
    const { client, user } = await registerUser(b.app, { username: 'promoted' });
    expect((await client.get('/api/user')).json().role).toBe('admin');

    await a.app.services.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'super_admin' }).where(eq(users.id, user.id));
      await a.app.services.sessions.userChanged(tx, user.id);
    });
    await expect
      .poll(async () => (await client.get('/api/user')).json().role, eventually)
      .toBe('super_admin');
  });

  it('disabling a user through A ends their session on B', async () => {
    const { client, user } = await registerUser(b.app, { username: 'disabled-later' });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    await a.app.services.db.transaction(async (tx) => {
      await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
      await a.app.services.sessions.userChanged(tx, user.id);
    });
    await expect.poll(async () => (await client.get('/api/user')).statusCode, eventually).toBe(401);
  });

  it('after its LISTEN connection drops, B forgets what it may have missed hearing', async () => {
    // PGlite listens in-process: there is no connection to lose.
    if (a.database.kind !== 'postgres') return;
    const { client, user } = await registerUser(a.app, { username: 'unheard' });
    const sid = client.cookie('sid')!;
    const countThrough = async () =>
      (
        await b.app.inject({ method: 'GET', url: '/api/notifications/count', cookies: { sid } })
      ).json();
    expect((await userThrough(b, sid)).statusCode).toBe(200);
    expect(await countThrough()).toEqual({ count: 1 });

    let reconnects = 0;
    b.database.onReconnect(() => reconnects++);
    await b.app.services.db.execute(
      // This database's listeners only: other test runs share the server.
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database()
            and application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    // Changes made while nobody listens, without the NOTIFY they would have sent anyway.
    await b.app.services.db.delete(sessions).where(eq(sessions.userId, user.id));
    await b.app.services.db.insert(notifications).values({
      userId: user.id,
      type: 'info',
      message: 'Written while B was deaf',
    });
    await expect.poll(() => reconnects, eventually).toBe(1);
    expect((await userThrough(b, sid)).statusCode).toBe(401);
    // The notification cache was emptied too: a new session of the same user sees the new count.
    const again = new Client(a.app);
    await again.post('/api/login', { username: 'unheard', password: STRONG_PASSWORD });
    const count = await b.app.inject({
      method: 'GET',
      url: '/api/notifications/count',
      cookies: { sid: again.cookie('sid')! },
    });
    expect(count.json()).toEqual({ count: 2 });
  });
});
