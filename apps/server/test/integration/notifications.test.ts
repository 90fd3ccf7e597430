import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../src/db/schema.ts';
import { Client, createTestApp, registerUser, type TestApp } from '../support/test-app.ts';

describe('notifications', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const row = async (id: number) =>
    (await t.app.services.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

  /** A signed-in user whose only notifications are the welcome one and `messages`, in that order. */
  async function userWithNotifications(username: string, messages: string[]) {
    const registered = await registerUser(t.app, { username });
    const created = [];
    for (const message of messages) {
      created.push(await t.app.services.notifications.create(registered.user.id, 'info', message));
    }
    return { ...registered, created };
  }

  it('lists newest first, without trashed ones, in the spec shape', async () => {
    const { client, created } = await userWithNotifications('lister', ['first', 'second', 'third']);
    await t.app.services.db
      .update(notifications)
      .set({ trash: true })
      .where(eq(notifications.id, created[1]!.id));

    const response = await client.get('/api/notifications');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: number; message: string }[];
    expect(list.map((n) => n.message)).toEqual([
      'third',
      'first',
      expect.stringContaining('Welcome'),
    ]);
    expect(list[0]).toEqual({
      id: created[2]!.id,
      type: 'info',
      message: 'third',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      read: false,
      trash: false,
    });
  });

  it('shows a user only their own', async () => {
    const alice = await userWithNotifications('alice', ['for alice']);
    const bob = await userWithNotifications('bob', ['for bob']);
    const list = (await bob.client.get('/api/notifications')).json() as { message: string }[];
    expect(list.map((n) => n.message)).toEqual([
      'for bob',
      expect.stringContaining('Welcome to Alpenkube, bob'),
    ]);
    expect(JSON.stringify(list)).not.toContain('for alice');
    expect((await alice.client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
  });

  it('counts the unread ones, not read or trashed ones', async () => {
    const { client, created } = await userWithNotifications('counter', ['a', 'b', 'c']);
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 4 });
    await client.put(`/api/notifications/${created[0]!.id}/read`);
    await client.put(`/api/notifications/${created[1]!.id}/trash`);
    const response = await client.get('/api/notifications/count');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ count: 2 });
  });

  it('marks one read', async () => {
    const { client, created } = await userWithNotifications('reader', ['a', 'b']);
    const response = await client.put(`/api/notifications/${created[0]!.id}/read`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created[0]!.id,
      message: 'a',
      read: true,
      trash: false,
    });
    expect((await row(created[0]!.id)).read).toBe(true);
    expect((await row(created[1]!.id)).read).toBe(false);
    const list = (await client.get('/api/notifications')).json() as { id: number; read: boolean }[];
    expect(list.find((n) => n.id === created[0]!.id)!.read).toBe(true);
  });

  it('marks all read, only for this user', async () => {
    const { client, user } = await userWithNotifications('bulk', ['a', 'b']);
    const other = await userWithNotifications('other', ['x']);
    const response = await client.post('/api/notifications/mark-all-read');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 3 });
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 0 });
    const rows = await t.app.services.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(rows.every((r) => r.read)).toBe(true);
    expect((await other.client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
  });

  it('moves one to the trash: gone from the list and the count', async () => {
    const { client, created } = await userWithNotifications('trasher', ['keep', 'bin']);
    const response = await client.put(`/api/notifications/${created[1]!.id}/trash`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created[1]!.id, trash: true });
    const list = (await client.get('/api/notifications')).json() as { id: number }[];
    expect(list.map((n) => n.id)).not.toContain(created[1]!.id);
    expect(list.map((n) => n.id)).toContain(created[0]!.id);
    expect((await client.get('/api/notifications/count')).json()).toEqual({ count: 2 });
    expect((await row(created[1]!.id)).trash).toBe(true);
  });

  it("answers 404 for another user's notification and changes nothing", async () => {
    const owner = await userWithNotifications('owner', ['private']);
    const intruder = await userWithNotifications('intruder', []);
    const id = owner.created[0]!.id;
    const before = await row(id);

    for (const action of ['read', 'trash']) {
      const response = await intruder.client.put(`/api/notifications/${id}/${action}`);
      expect(response.statusCode, action).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await row(id)).toEqual(before);
    expect(before).toMatchObject({ read: false, trash: false });
    expect((await owner.client.get('/api/notifications/count')).json()).toEqual({ count: 2 });

    // An id that does not exist at all answers the same.
    expect((await intruder.client.put('/api/notifications/999999/read')).statusCode).toBe(404);
  });

  it('answers 401 {message} to every call when signed out, and changes nothing', async () => {
    const { created } = await userWithNotifications('victim', ['x']);
    const anonymous = new Client(t.app);
    const id = created[0]!.id;
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['PUT', `/api/notifications/${id}/read`],
      ['PUT', `/api/notifications/${id}/trash`],
      ['POST', '/api/notifications/mark-all-read'],
    ] as const) {
      const response = await anonymous.request({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await row(id)).toMatchObject({ read: false, trash: false });
  });

  it('answers 400 for an id that is not a positive whole number, never 500', async () => {
    const { client, created } = await userWithNotifications('typo', ['x']);
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e400']) {
      for (const action of ['read', 'trash']) {
        const response = await client.put(`/api/notifications/${id}/${action}`);
        expect(response.statusCode, `${id} ${action}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${id} ${action}`).toBeLessThan(500);
        expect(response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
      }
    }
    for (const id of ['abc', '99999999999']) {
      const response = await client.put(`/api/notifications/${id}/read`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().issues).toEqual(expect.any(Array));
    }
    expect(await row(created[0]!.id)).toMatchObject({ read: false, trash: false });
  });
});
