import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { Invitation, Member, PromotionRequest } from '@alpenkube/contract';
import {
  auditEvents,
  invitations,
  notifications,
  organizations,
  supportTickets,
  users,
} from '../../src/db/schema.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

type Role = 'user' | 'admin' | 'super_admin';
type Status = 'active' | 'pending_approval' | 'disabled' | 'rejected';

describe('an organization’s people', () => {
  let t: TestApp;
  let passwordHash: string;
  let serial = 0;
  const db = () => t.app.services.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_LIMIT_PER_IP: '10000' } });
    passwordHash = await t.app.services.passwords.hash(STRONG_PASSWORD);
  });
  afterAll(() => t.close());

  async function organization(name: string) {
    serial += 1;
    const [row] = await db()
      .insert(organizations)
      .values({
        name,
        nameKey: `${name.toLowerCase()} ${serial}`,
        billingId: `BID-T${serial}`,
        status: 'active',
      })
      .returning();
    return row!;
  }

  /** A person inserted as given, and a client signed in as them. */
  async function person(
    organizationId: number,
    username: string,
    options: { role?: Role; status?: Status } = {},
  ) {
    const [user] = await db()
      .insert(users)
      .values({
        organizationId,
        username,
        email: `${username}@people.test`,
        name: username[0]!.toUpperCase() + username.slice(1),
        passwordHash,
        role: options.role ?? 'user',
        status: options.status ?? 'active',
        emailVerified: true,
        // Platform staff need their own second factor for their platform roles.
        totpEnabled: options.role === 'super_admin',
      })
      .returning();
    const client = new Client(t.app, { headers: { 'user-agent': 'people-test' } });
    const token = await t.app.services.sessions.create(db(), user!.id, {
      userAgent: 'people-test',
      ip: '127.0.0.1',
    });
    client.setCookie('sid', token);
    return { id: user!.id, username, email: user!.email, client };
  }

  const signIn = (username: string) =>
    new Client(t.app).post('/api/login', { username, password: STRONG_PASSWORD });
  const userRow = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0];
  const activeAdmins = async (organizationId: number) =>
    db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          eq(users.status, 'active'),
          inArray(users.role, ['admin', 'super_admin']),
        ),
      );
  const auditOf = (action: string, targetId: number) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(targetId))));

  describe('lists', () => {
    it('answers an admin their own organization only, searchable, filterable and paginated', async () => {
      const acme = await organization('Acme');
      const other = await organization('Other');
      const admin = await person(acme.id, 'ada', { role: 'admin' });
      await person(acme.id, 'bob');
      await person(acme.id, 'carla', { status: 'pending_approval' });
      await person(other.id, 'dave');

      const all = (await admin.client.get('/api/admin/users')).json<Member[]>();
      expect(all.map((m) => m.username)).toEqual(['carla', 'bob', 'ada']);
      expect(all[2]).toMatchObject({
        role: 'admin',
        status: 'active',
        mfaEnabled: false,
        officerAccess: false,
        organizationName: 'Acme',
        lastLoginAt: null,
      });
      // Another organization's id is ignored for an admin.
      const ignored = await admin.client.get(`/api/admin/users?organizationId=${other.id}`);
      expect(ignored.json<Member[]>().map((m) => m.username)).toEqual(['carla', 'bob', 'ada']);
      const searched = await admin.client.get('/api/admin/users?q=BO');
      expect(searched.json<Member[]>().map((m) => m.username)).toEqual(['bob']);
      const pending = await admin.client.get('/api/admin/users?status=pending_approval');
      expect(pending.json<Member[]>().map((m) => m.username)).toEqual(['carla']);
      const page = (await admin.client.get('/api/admin/users?limit=2')).json<Member[]>();
      expect(page).toHaveLength(2);
      const next = await admin.client.get(`/api/admin/users?limit=2&before=${page[1]!.id}`);
      expect(next.json<Member[]>().map((m) => m.username)).toEqual(['ada']);
      expect((await admin.client.get('/api/admin/users?limit=0')).statusCode).toBe(400);

      const registrations = await admin.client.get('/api/admin/registrations');
      expect(registrations.json<Member[]>().map((m) => m.username)).toEqual(['carla']);
      const summary = await admin.client.get('/api/admin/people/summary');
      expect(summary.json()).toMatchObject({
        pendingRegistrations: 1,
        mfaRequired: false,
        organizationName: 'Acme',
      });
    });

    it('answers a super admin every organization, or the one asked for', async () => {
      const platform = await organization('Platform');
      const one = await organization('One');
      const operator = await person(platform.id, 'sofia', { role: 'super_admin' });
      await person(one.id, 'erin');
      const everyone = (await operator.client.get('/api/admin/users?limit=200')).json<Member[]>();
      expect(everyone.find((m) => m.username === 'erin')?.organizationName).toBe('One');
      const filtered = await operator.client.get(`/api/admin/users?organizationId=${one.id}`);
      expect(filtered.json<Member[]>().map((m) => m.username)).toEqual(['erin']);
      const summary = (await operator.client.get('/api/admin/people/summary')).json();
      expect(summary.mfaRequired).toBeNull();
    });

    it('refuses customers', async () => {
      const org = await organization('Refusing');
      const customer = await person(org.id, 'frank');
      expect((await customer.client.get('/api/admin/users')).statusCode).toBe(403);
    });
  });

  describe('registrations', () => {
    it('approves a pending registration: active, told by notification and mail; twice is a 409', async () => {
      const org = await organization('Approving');
      const admin = await person(org.id, 'gina', { role: 'admin' });
      const pending = await person(org.id, 'hank', { status: 'pending_approval' });
      expect((await pending.client.get('/api/orders')).statusCode).toBe(403);

      const approved = await admin.client.post(`/api/admin/registrations/${pending.id}/approve`);
      expect(approved.statusCode).toBe(200);
      expect(approved.json<Member>().status).toBe('active');
      // The member's cached session picks the change up at once.
      expect((await pending.client.get('/api/orders')).statusCode).toBe(200);
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, pending.id));
      expect(told.map((n) => n.message).join(' ')).toContain('approved your request to join');
      expect((await lastMailTo(t.app, pending.email)).mail.subject).toContain('Approving');
      expect(await auditOf('user.approve', pending.id)).toHaveLength(1);

      const again = await admin.client.post(`/api/admin/registrations/${pending.id}/approve`);
      expect(again.statusCode).toBe(409);
    });

    it('rejects with a reason: the session ends and the person cannot sign in', async () => {
      const org = await organization('Rejecting');
      const admin = await person(org.id, 'ivy', { role: 'admin' });
      const pending = await person(org.id, 'jack', { status: 'pending_approval' });
      const noReason = await admin.client.post(`/api/admin/registrations/${pending.id}/reject`, {});
      expect(noReason.statusCode).toBe(400);

      const rejected = await admin.client.post(`/api/admin/registrations/${pending.id}/reject`, {
        reason: 'We do not know you',
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json<Member>()).toMatchObject({
        status: 'rejected',
        statusReason: 'We do not know you',
      });
      expect((await pending.client.get('/api/user')).statusCode).toBe(401);
      const login = await signIn('jack');
      expect(login.statusCode).toBe(403);
      expect(login.json().message).toContain('declined');
      expect((await lastMailTo(t.app, pending.email)).mail.text).toContain('We do not know you');
      expect(await auditOf('user.reject', pending.id)).toHaveLength(1);
      const twice = await admin.client.post(`/api/admin/registrations/${pending.id}/reject`, {
        reason: 'Still no',
      });
      expect(twice.statusCode).toBe(409);
    });

    it('answers 404 for another organization’s person', async () => {
      const mine = await organization('Mine');
      const theirs = await organization('Theirs');
      const admin = await person(mine.id, 'kate', { role: 'admin' });
      const stranger = await person(theirs.id, 'liam', { status: 'pending_approval' });
      const calls = [
        () => admin.client.post(`/api/admin/registrations/${stranger.id}/approve`),
        () =>
          admin.client.post(`/api/admin/registrations/${stranger.id}/reject`, { reason: 'nope' }),
        () => admin.client.put(`/api/admin/users/${stranger.id}/role`, { role: 'admin' }),
        () => admin.client.post(`/api/admin/users/${stranger.id}/disable`, { reason: 'nope' }),
        () => admin.client.post(`/api/admin/users/${stranger.id}/enable`),
        () => admin.client.delete(`/api/admin/users/${stranger.id}`),
      ];
      for (const call of calls) expect((await call()).statusCode).toBe(404);
      expect((await userRow(stranger.id))?.status).toBe('pending_approval');
    });
  });

  describe('invitations', () => {
    async function invite(client: Client, email: string, role: 'user' | 'admin' = 'user') {
      const response = await client.post('/api/admin/invitations', { email, role });
      expect(response.statusCode, response.body).toBe(201);
      const { mail } = await lastMailTo(t.app, email.toLowerCase());
      const link = mail.links.find((l) => l.includes('/register?invitation='))!;
      return {
        invitation: response.json<Invitation>(),
        token: new URL(link).searchParams.get('invitation')!,
      };
    }
    const register = (username: string, email: string, invitation: string) =>
      new Client(t.app).post('/api/register', {
        username,
        email,
        password: STRONG_PASSWORD,
        invitation,
      });

    it('joins the organization with the invited role, once, with the invited address only', async () => {
      const org = await organization('Inviting');
      const admin = await person(org.id, 'mia', { role: 'admin' });
      const { invitation, token } = await invite(admin.client, 'Nina@Corp.test', 'admin');
      expect(invitation).toMatchObject({
        email: 'nina@corp.test',
        role: 'admin',
        organizationName: 'Inviting',
      });
      const [stored] = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.id, invitation.id));
      expect(stored!.tokenHash).not.toContain(token);
      expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

      const lookup = await new Client(t.app).get(`/api/invitations/${token}`);
      expect(lookup.json()).toMatchObject({
        organizationName: 'Inviting',
        email: 'nina@corp.test',
        role: 'admin',
      });
      expect((await new Client(t.app).get(`/api/invitations/${'x'.repeat(40)}`)).statusCode).toBe(
        404,
      );

      const wrongAddress = await register('nina', 'someone@corp.test', token);
      expect(wrongAddress.statusCode).toBe(400);
      expect(wrongAddress.json().message).toContain('nina@corp.test');

      const joined = await register('nina', 'nina@corp.test', token);
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json()).toMatchObject({
        role: 'admin',
        status: 'active',
        emailVerified: true,
        companyName: 'Inviting',
      });
      const row = (await db().select().from(users).where(eq(users.username, 'nina')))[0]!;
      expect(row.organizationId).toBe(org.id);

      const again = await register('nina2', 'nina@corp.test', token);
      expect(again.statusCode).toBe(410);
      expect((await new Client(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(410);
      expect((await admin.client.get('/api/admin/invitations')).json()).toEqual([]);
      expect(await auditOf('user.invite', invitation.id)).toHaveLength(1);
    });

    it('mails no text the inviter chose, through the mail throttle, from approved and verified admins only', async () => {
      const org = await organization('URGENT security notice from PayPal');
      const admin = await person(org.id, 'phisher', { role: 'admin' });
      await db()
        .update(users)
        .set({ name: 'Your bank: account locked, call +1 555 0100' })
        .where(eq(users.id, admin.id));
      const { token } = await invite(admin.client, 'victim@corp.test');
      const { mail } = await lastMailTo(t.app, 'victim@corp.test');
      for (const chosen of ['PayPal', 'bank', 'locked', '555']) {
        expect(mail.subject).not.toContain(chosen);
        expect(mail.text).not.toContain(chosen);
      }
      // Who invited, and to what, is shown on the platform once the link is opened.
      expect((await new Client(t.app).get(`/api/invitations/${token}`)).json()).toMatchObject({
        organizationName: 'URGENT security notice from PayPal',
        invitedBy: 'Your bank: account locked, call +1 555 0100',
      });

      // Invite, withdraw, invite again: each is a mail to that address, and the fifth is the last.
      for (let round = 0; round < 4; round += 1) {
        const [open] = (await admin.client.get('/api/admin/invitations')).json<Invitation[]>();
        expect((await admin.client.delete(`/api/admin/invitations/${open!.id}`)).statusCode).toBe(
          204,
        );
        await invite(admin.client, 'victim@corp.test');
      }
      const [open] = (await admin.client.get('/api/admin/invitations')).json<Invitation[]>();
      await admin.client.delete(`/api/admin/invitations/${open!.id}`);
      const sixth = await admin.client.post('/api/admin/invitations', {
        email: 'victim@corp.test',
        role: 'user',
      });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toMatch(/Too many e-mails/);
      expect((await admin.client.get('/api/admin/invitations')).json()).toEqual([]);

      // An organization not yet approved, or an admin whose own address is unproven, mails no one.
      const pending = await organization('Pending inviter');
      await db()
        .update(organizations)
        .set({ status: 'pending_approval' })
        .where(eq(organizations.id, pending.id));
      const newcomer = await person(pending.id, 'nelly', { role: 'admin' });
      const fromPending = await newcomer.client.post('/api/admin/invitations', {
        email: 'friend@corp.test',
        role: 'user',
      });
      expect(fromPending.statusCode).toBe(403);
      expect(fromPending.json().message).toMatch(/waiting for approval by our team/);
      const unverified = await person(org.id, 'umberto', { role: 'admin' });
      await db().update(users).set({ emailVerified: false }).where(eq(users.id, unverified.id));
      const fromUnverified = await unverified.client.post('/api/admin/invitations', {
        email: 'friend@corp.test',
        role: 'user',
      });
      expect(fromUnverified.statusCode).toBe(403);
      expect(fromUnverified.json().message).toMatch(/Verify your e-mail/);
      const sent = await db()
        .select()
        .from(invitations)
        .where(eq(invitations.email, 'friend@corp.test'));
      expect(sent).toEqual([]);
    });

    it('lets one of two racing registrations take the invitation', async () => {
      const org = await organization('Racing invite');
      const admin = await person(org.id, 'otto', { role: 'admin' });
      const { token } = await invite(admin.client, 'pia@corp.test');
      const answers = await Promise.all([
        register('pia', 'pia@corp.test', token),
        register('pia-two', 'pia@corp.test', token),
      ]);
      expect(answers.map((a) => a.statusCode).filter((code) => code === 201)).toHaveLength(1);
    });

    it('admits no one once its inviter is no longer an admin, and can still be withdrawn', async () => {
      const org = await organization('Demoted inviter');
      const inviter = await person(org.id, 'vera', { role: 'admin' });
      const walt = await person(org.id, 'walt', { role: 'admin' });
      const { invitation, token } = await invite(inviter.client, 'xena@corp.test');
      await db().update(users).set({ role: 'user' }).where(eq(users.username, 'vera'));
      const lookup = await new Client(t.app).get(`/api/invitations/${token}`);
      expect(lookup.statusCode).toBe(410);
      expect(lookup.json().message).toContain('can no longer invite');
      expect((await register('xena', 'xena@corp.test', token)).statusCode).toBe(410);
      expect(await db().select().from(users).where(eq(users.username, 'xena'))).toEqual([]);
      // The rule reads the inviter as they are now: an admin again but disabled admits no one.
      await db()
        .update(users)
        .set({ role: 'admin', status: 'disabled' })
        .where(eq(users.username, 'vera'));
      expect((await new Client(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(410);
      expect((await walt.client.delete(`/api/admin/invitations/${invitation.id}`)).statusCode).toBe(
        204,
      );
    });

    it('refuses an existing account, a duplicate, and an expired or revoked link', async () => {
      const org = await organization('Refused invites');
      const admin = await person(org.id, 'quinn', { role: 'admin' });
      const existing = await admin.client.post('/api/admin/invitations', {
        email: 'quinn@people.test',
        role: 'user',
      });
      expect(existing.statusCode).toBe(409);
      const superRole = await admin.client.post('/api/admin/invitations', {
        email: 'x@corp.test',
        role: 'super_admin',
      });
      expect(superRole.statusCode).toBe(400);

      const { invitation, token } = await invite(admin.client, 'rita@corp.test');
      const duplicate = await admin.client.post('/api/admin/invitations', {
        email: 'rita@corp.test',
        role: 'admin',
      });
      expect(duplicate.statusCode).toBe(409);
      const listed = (await admin.client.get('/api/admin/invitations')).json<Invitation[]>();
      expect(listed.map((i) => i.email)).toEqual(['rita@corp.test']);
      expect((await admin.client.get('/api/admin/people/summary')).json().pendingInvitations).toBe(
        1,
      );

      const revoked = await admin.client.delete(`/api/admin/invitations/${invitation.id}`);
      expect(revoked.statusCode).toBe(204);
      expect(await auditOf('user.invitation_revoke', invitation.id)).toHaveLength(1);
      // The trail can never be scrubbed: it holds the invitation's id and role, not the address.
      const invited = [
        ...(await auditOf('user.invite', invitation.id)),
        ...(await auditOf('user.invitation_revoke', invitation.id)),
      ];
      expect(invited.map((row) => row.details)).toEqual([{ role: 'user' }, { role: 'user' }]);
      expect((await new Client(t.app).get(`/api/invitations/${token}`)).statusCode).toBe(410);
      expect((await register('rita', 'rita@corp.test', token)).statusCode).toBe(410);
      expect(
        (await admin.client.delete(`/api/admin/invitations/${invitation.id}`)).statusCode,
      ).toBe(409);

      const second = await invite(admin.client, 'rita@corp.test');
      await db()
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.id, second.invitation.id));
      expect((await new Client(t.app).get(`/api/invitations/${second.token}`)).statusCode).toBe(
        410,
      );
      expect((await register('rita', 'rita@corp.test', second.token)).statusCode).toBe(410);
      expect(await db().select().from(users).where(eq(users.username, 'rita'))).toEqual([]);

      const stranger = await person((await organization('Elsewhere')).id, 'sam', { role: 'admin' });
      const third = await invite(admin.client, 'tina@corp.test');
      expect(
        (await stranger.client.delete(`/api/admin/invitations/${third.invitation.id}`)).statusCode,
      ).toBe(404);
    });
  });

  describe('roles, disabling and removal', () => {
    it('changes roles between customer and admin, and never leaves the organization without an active admin', async () => {
      const org = await organization('Roles');
      const admin = await person(org.id, 'uma', { role: 'admin' });
      const customer = await person(org.id, 'vic');

      const self = await admin.client.put(`/api/admin/users/${admin.id}/role`, { role: 'user' });
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toContain('last active admin');
      expect(
        (await admin.client.put(`/api/admin/users/${customer.id}/role`, { role: 'super_admin' }))
          .statusCode,
      ).toBe(400);

      const promoted = await admin.client.put(`/api/admin/users/${customer.id}/role`, {
        role: 'admin',
      });
      expect(promoted.json<Member>().role).toBe('admin');
      const [entry] = await auditOf('user.role_change', customer.id);
      expect(entry).toMatchObject({
        actorUserId: admin.id,
        organizationId: org.id,
        outcome: 'success',
        ip: '127.0.0.1',
        userAgent: 'people-test',
        details: { from: 'user', to: 'admin' },
      });
      // With a second admin, the first may step down.
      expect(
        (await admin.client.put(`/api/admin/users/${admin.id}/role`, { role: 'user' })).statusCode,
      ).toBe(200);
      expect((await admin.client.get('/api/admin/users')).statusCode).toBe(403);
    });

    it('lets exactly one of two admins demoting each other at once succeed', async () => {
      const org = await organization('Race');
      const first = await person(org.id, 'wes', { role: 'admin' });
      const second = await person(org.id, 'xena', { role: 'admin' });
      const answers = await Promise.all([
        first.client.put(`/api/admin/users/${second.id}/role`, { role: 'user' }),
        second.client.put(`/api/admin/users/${first.id}/role`, { role: 'user' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes[0]).toBe(200);
      expect([403, 409]).toContain(codes[1]);
      expect(await activeAdmins(org.id)).toHaveLength(1);
    });

    it('keeps the platform’s last super admin, under a race too', async () => {
      const platform = await organization('Operators');
      // Other super admins elsewhere would make neither the last: this test has its own world.
      await db().update(users).set({ role: 'admin' }).where(eq(users.role, 'super_admin'));
      const one = await person(platform.id, 'yara', { role: 'super_admin' });
      const two = await person(platform.id, 'zack', { role: 'super_admin' });
      const admin = await person(platform.id, 'abe', { role: 'admin' });
      // An admin cannot change a platform operator.
      expect(
        (await admin.client.put(`/api/admin/users/${one.id}/role`, { role: 'user' })).statusCode,
      ).toBe(403);

      const answers = await Promise.all([
        one.client.put(`/api/admin/users/${two.id}/role`, { role: 'admin' }),
        two.client.put(`/api/admin/users/${one.id}/role`, { role: 'admin' }),
      ]);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      const operators = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'super_admin'));
      expect(operators).toHaveLength(1);
      const last = operators[0]!.id === one.id ? one : two;
      const demoteSelf = await last.client.put(`/api/admin/users/${last.id}/role`, {
        role: 'admin',
      });
      expect(demoteSelf.statusCode).toBe(409);
      expect(demoteSelf.json().message).toContain('last active super admin');
    });

    it('disables with a reason: the session ends at once and sign-in is refused; enabling lets them back', async () => {
      const org = await organization('Disabling');
      const admin = await person(org.id, 'bea', { role: 'admin' });
      const customer = await person(org.id, 'cal');
      expect((await customer.client.get('/api/orders')).statusCode).toBe(200);

      expect(
        (await admin.client.post(`/api/admin/users/${customer.id}/disable`, {})).statusCode,
      ).toBe(400);
      expect(
        (await admin.client.post(`/api/admin/users/${admin.id}/disable`, { reason: 'myself' }))
          .statusCode,
      ).toBe(409);
      const disabled = await admin.client.post(`/api/admin/users/${customer.id}/disable`, {
        reason: 'Left the company',
      });
      expect(disabled.json<Member>()).toMatchObject({
        status: 'disabled',
        statusReason: 'Left the company',
      });
      expect((await customer.client.get('/api/orders')).statusCode).toBe(401);
      expect((await signIn('cal')).statusCode).toBe(403);
      expect(await auditOf('user.disable', customer.id)).toHaveLength(1);
      expect(
        (await admin.client.post(`/api/admin/users/${customer.id}/disable`, { reason: 'again' }))
          .statusCode,
      ).toBe(409);

      const enabled = await admin.client.post(`/api/admin/users/${customer.id}/enable`);
      expect(enabled.json<Member>()).toMatchObject({ status: 'active', statusReason: null });
      expect((await signIn('cal')).statusCode).toBe(200);
      expect(await auditOf('user.enable', customer.id)).toHaveLength(1);
      expect((await admin.client.post(`/api/admin/users/${customer.id}/enable`)).statusCode).toBe(
        409,
      );
    });

    it('refuses to disable or remove the last active admin', async () => {
      const org = await organization('Last admin');
      const platform = await organization('Ops');
      const operator = await person(platform.id, 'dan', { role: 'super_admin' });
      const admin = await person(org.id, 'eve', { role: 'admin' });
      const disable = await operator.client.post(`/api/admin/users/${admin.id}/disable`, {
        reason: 'Testing the rule',
      });
      expect(disable.statusCode).toBe(409);
      expect((await operator.client.delete(`/api/admin/users/${admin.id}`)).statusCode).toBe(409);
      expect((await userRow(admin.id))?.status).toBe('active');
    });

    it('removes: deletes an account nothing names, disables one that records name', async () => {
      const org = await organization('Removing');
      const admin = await person(org.id, 'fay', { role: 'admin' });
      const fresh = await person(org.id, 'gus');
      const author = await person(org.id, 'hal');
      await db().insert(supportTickets).values({
        number: 'T-PEOPLE',
        trackingCode: 'PEOP-LE00',
        organizationId: org.id,
        userId: author.id,
        email: author.email,
        category: 'technical',
        severity: 'normal',
        subject: 'mine',
      });

      // As a request to join used to word it, naming the person.
      await db()
        .insert(notifications)
        .values({
          userId: admin.id,
          type: 'info',
          message: `gus (${fresh.email}) asked to join Removing. Review the request in User Management.`,
        });

      const deleted = await admin.client.delete(`/api/admin/users/${fresh.id}`);
      expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
      expect(await userRow(fresh.id)).toBeUndefined();
      expect((await fresh.client.get('/api/user')).statusCode).toBe(401);

      const kept = await admin.client.delete(`/api/admin/users/${author.id}`);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ outcome: 'disabled' });
      expect((await userRow(author.id))?.status).toBe('disabled');
      expect((await author.client.get('/api/user')).statusCode).toBe(401);
      expect(await auditOf('user.remove', fresh.id)).toHaveLength(1);
      expect(await auditOf('user.remove', author.id)).toHaveLength(1);
      // Nothing that outlives them names them: not the trail, not the admins' notifications.
      const trail = JSON.stringify(
        [
          ...(await auditOf('user.remove', fresh.id)),
          ...(await auditOf('user.remove', author.id)),
        ].map((row) => row.details),
      );
      for (const text of ['gus', 'hal', fresh.email, author.email])
        expect(trail).not.toContain(text);
      const notes = await db()
        .select({ message: notifications.message })
        .from(notifications)
        .where(eq(notifications.userId, admin.id));
      expect(notes.map((note) => note.message)).toContain(
        'A new person asked to join Removing. Review the request in User Management.',
      );
      expect((await admin.client.delete(`/api/admin/users/${admin.id}`)).statusCode).toBe(409);
    });
  });

  describe('two-factor required', () => {
    const STEP_MS = 30_000;
    const codeAt = (secret: string, steps = 0) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
        timestamp: Date.now() + steps * STEP_MS,
      });

    async function enableMfa(client: Client, steps = 0) {
      const { secret } = (await client.post('/api/auth/mfa/setup')).json<{ secret: string }>();
      const enabled = await client.post('/api/auth/mfa/enable', {
        password: STRONG_PASSWORD,
        code: codeAt(secret, steps),
      });
      expect(enabled.statusCode, enabled.body).toBe(200);
    }

    it('needs the admin’s own two-factor, then refuses members without it until they set it up', async () => {
      const org = await organization('Strict');
      const admin = await person(org.id, 'ian', { role: 'admin' });
      const member = await person(org.id, 'joy');
      expect((await member.client.get('/api/orders')).statusCode).toBe(200);

      const lockedOut = await admin.client.put('/api/admin/organization/mfa-required', {
        required: true,
      });
      expect(lockedOut.statusCode).toBe(409);
      await enableMfa(admin.client);
      const on = await admin.client.put('/api/admin/organization/mfa-required', { required: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().mfaRequired).toBe(true);
      expect(await auditOf('organization.mfa_required', org.id)).toHaveLength(1);

      // The member's cached session sees the change at once.
      const refused = await member.client.get('/api/orders');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toContain('requires two-factor authentication');
      expect((await member.client.get('/api/user')).json().mfaSetupRequired).toBe(true);
      expect((await admin.client.get('/api/orders')).statusCode).toBe(200);

      await enableMfa(member.client, 1);
      expect((await member.client.get('/api/orders')).statusCode).toBe(200);

      const off = await admin.client.put('/api/admin/organization/mfa-required', {
        required: false,
      });
      expect(off.json().mfaRequired).toBe(false);
    });
  });

  describe('promotion requests', () => {
    it('approves and removes the same person at once without a deadlock', async () => {
      const org = await organization('Racing answers');
      const admin = await person(org.id, 'oriana', { role: 'admin' });
      const asker = await person(org.id, 'piers');
      const request = (
        await asker.client.post('/api/promotion-requests', {
          reason: 'I run our platform team and need to invite people.',
        })
      ).json<PromotionRequest>();
      const [approve, remove] = await Promise.all([
        admin.client.post(`/api/admin/promotion-requests/${request.id}/approve`, {}),
        admin.client.delete(`/api/admin/users/${asker.id}`),
      ]);
      // One of them goes first; the other finds the person or the request gone (404), never a 500.
      expect([approve.statusCode, remove.statusCode]).toContain(200);
      expect([200, 404]).toContain(approve.statusCode);
      expect([200, 404]).toContain(remove.statusCode);
    });

    it('goes from the member’s request to the admins’ answer', async () => {
      const org = await organization('Promoting');
      const admin = await person(org.id, 'kim', { role: 'admin' });
      const asker = await person(org.id, 'leo');
      const other = await person(org.id, 'max');

      expect((await asker.client.get('/api/promotion-requests/mine')).json()).toBeNull();
      const short = await asker.client.post('/api/promotion-requests', { reason: 'pls' });
      expect(short.statusCode).toBe(400);
      const asked = await asker.client.post('/api/promotion-requests', {
        reason: 'I run our platform team and need to invite people.',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const request = asked.json<PromotionRequest>();
      expect(request.status).toBe('pending');
      const twice = await asker.client.post('/api/promotion-requests', {
        reason: 'Asking a second time, in case.',
      });
      expect(twice.statusCode).toBe(409);
      const adminNotices = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, admin.id));
      expect(adminNotices.map((n) => n.message).join(' ')).toContain('asked to become an admin');
      expect((await admin.client.get('/api/admin/people/summary')).json().pendingPromotions).toBe(
        1,
      );
      expect(
        (await admin.client.post('/api/promotion-requests', { reason: 'I am an admin already.' }))
          .statusCode,
      ).toBe(409);

      const listed = await admin.client.get('/api/admin/promotion-requests?status=pending');
      expect(listed.json<PromotionRequest[]>().map((r) => r.username)).toEqual(['leo']);

      const stranger = await person((await organization('Strangers')).id, 'ned', { role: 'admin' });
      expect(
        (await stranger.client.post(`/api/admin/promotion-requests/${request.id}/approve`, {}))
          .statusCode,
      ).toBe(404);

      const approved = await admin.client.post(
        `/api/admin/promotion-requests/${request.id}/approve`,
        {},
      );
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: 'Kim' });
      expect((await asker.client.get('/api/user')).json().role).toBe('admin');
      expect((await asker.client.get('/api/admin/users')).statusCode).toBe(200);
      expect((await asker.client.get('/api/promotion-requests/mine')).json().status).toBe(
        'approved',
      );
      expect(
        (
          await admin.client.post(`/api/admin/promotion-requests/${request.id}/refuse`, {
            note: 'late',
          })
        ).statusCode,
      ).toBe(409);
      expect(await auditOf('promotion.request', asker.id)).toHaveLength(1);
      expect(await auditOf('promotion.approve', asker.id)).toHaveLength(1);

      const second = (
        await other.client.post('/api/promotion-requests', { reason: 'I would like to help too.' })
      ).json<PromotionRequest>();
      expect(
        (await admin.client.post(`/api/admin/promotion-requests/${second.id}/refuse`, {}))
          .statusCode,
      ).toBe(400);
      const refused = await admin.client.post(`/api/admin/promotion-requests/${second.id}/refuse`, {
        note: 'One more admin is enough for now',
      });
      expect(refused.json()).toMatchObject({
        status: 'refused',
        decisionNote: 'One more admin is enough for now',
      });
      expect((await userRow(other.id))?.role).toBe('user');
      const told = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, other.id));
      expect(told.map((n) => n.message).join(' ')).toContain('One more admin is enough for now');
      expect(await auditOf('promotion.refuse', other.id)).toHaveLength(1);
      // Asking again after an answer is allowed.
      const again = await other.client.post('/api/promotion-requests', {
        reason: 'Asking again a month later.',
      });
      expect(again.statusCode).toBe(201);
    });
  });
});
