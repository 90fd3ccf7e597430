import type { SessionInfo } from '@alpenkube/contract';
import {
  emailTakenByOther,
  findUser,
  setUser,
  type UserChanges,
  type UserRecord,
} from '../users/index.ts';
import type { Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { describeDevice } from '../../lib/device.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { weakPasswordReason } from '../../lib/passwords.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { recordUserAudit } from '../audit/index.ts';
import {
  mailVerificationLink,
  matchTotpStep,
  newTotpSecret,
  passwordMatches,
} from '../auth/index.ts';
import {
  type ActiveSession,
  type ClientInfo,
  loadSessionUser,
  type SessionUser,
} from '../sessions/index.ts';
import { queueMail } from '../mail/index.ts';
import { createNotification } from '../notifications/index.ts';

type UserRow = UserRecord;

/** What a signed-in user does to their own account: profile, password, second factor, sessions. */
export type AccountDeps = Pick<Infrastructure, 'db' | 'config' | 'passwords' | 'sealer'> & {
  sessions: SessionStore;
  rateLimit: RateLimiter;
  mailThrottle: MailThrottle;
};

export function createAccountService(deps: AccountDeps) {
  const { db, passwords, sessions, sealer, rateLimit, mailThrottle } = deps;
  const { publicUrl } = deps.config;

  async function userRow(userId: number) {
    const row = await findUser(db, userId);
    if (!row) throw notFound('User not found');
    return row;
  }

  /**
   * A stolen session is not the password: changes that would lock the owner out ask for it.
   * Wrong guesses slow down as they do at sign-in.
   */
  async function requirePassword(row: UserRow, password: string, client: ClientInfo) {
    if (!(await passwordMatches({ rateLimit, passwords }, row, password, client.ip))) {
      throw new HttpError(400, 'Your current password is not correct');
    }
    return row;
  }

  /** The code's time step; a code already accepted once (sign-in included) is refused. */
  function requireCode(
    row: { totpSecret: string | null; totpLastStep: number | null },
    code: string,
  ): number {
    const step = row.totpSecret ? matchTotpStep(sealer.open(row.totpSecret), code) : null;
    if (step === null || (row.totpLastStep !== null && step <= row.totpLastStep)) {
      throw badRequest('Invalid authentication code');
    }
    return step;
  }

  /** Commits a change to the user (and what follows from it) and tells every instance. */
  async function updateUser(
    userId: number,
    values: UserChanges,
    andThen?: (tx: Tx, user: SessionUser) => Promise<void>,
  ): Promise<SessionUser> {
    return db.transaction(async (tx) => {
      await setUser(tx, userId, { ...values, updatedAt: new Date() });
      await sessions.userChanged(tx, userId);
      const user = (await loadSessionUser(tx, userId))!;
      await andThen?.(tx, user);
      return user;
    });
  }

  return {
    async updateProfile(
      userId: number,
      input: { name: string | null; email: string; currentPassword?: string },
      client: ClientInfo,
    ) {
      const current = await userRow(userId);
      const emailChanged = input.email !== current.email;
      if (emailChanged) {
        if (!input.currentPassword) {
          throw badRequest('Enter your current password to change your e-mail address');
        }
        await requirePassword(current, input.currentPassword, client);
        if (await emailTakenByOther(db, input.email, userId))
          throw conflict('An account with this e-mail address already exists');
        await mailThrottle.admit([input.email, current.email], client.ip);
      }
      // A new address has to be proven again before orders can be placed with it.
      try {
        return await updateUser(
          userId,
          {
            name: input.name || null,
            email: input.email,
            ...(emailChanged ? { emailVerified: false } : {}),
          },
          async (tx, user) => {
            if (!emailChanged) return;
            await mailVerificationLink(tx, user.id, user.email, publicUrl);
            await mailAddressChangedNotice(tx, current.email, publicUrl);
          },
        );
      } catch (error) {
        // Two accounts racing for one address: the unique index decides.
        if (uniqueViolation(error)) {
          throw conflict('An account with this e-mail address already exists');
        }
        throw error;
      }
    },

    async changePassword(
      session: ActiveSession,
      input: { currentPassword: string; newPassword: string },
      client: ClientInfo,
    ) {
      const row = await requirePassword(
        await userRow(session.user.id),
        input.currentPassword,
        client,
      );
      const weakness = weakPasswordReason(input.newPassword, row.username, row.email);
      if (weakness) throw badRequest(weakness);
      const passwordHash = await passwords.hash(input.newPassword);
      await db.transaction(async (tx) => {
        await setUser(tx, row.id, { passwordHash, updatedAt: new Date() });
        // Anyone else holding a session with the old password is signed out.
        await sessions.destroyAllForUser(tx, row.id, session.id);
        await createNotification(
          tx,
          row.id,
          'warning',
          'Your password was changed. Other sessions were signed out.',
        );
        await recordUserAudit(tx, {
          user: row,
          client,
          action: 'user.password_change',
          outcome: 'success',
          details: { via: 'settings' },
        });
      });
    },

    /** A fresh secret, stored sealed but not active until a code from it is confirmed. */
    async setupMfa(userId: number) {
      const row = await userRow(userId);
      if (row.totpEnabled)
        throw conflict('Two-factor authentication is already on. Turn it off first.');
      const setup = newTotpSecret(row.email);
      await setUser(db, userId, { totpSecret: sealer.seal(setup.secret) });
      return setup;
    },

    async enableMfa(userId: number, input: { password: string; code: string }, client: ClientInfo) {
      const row = await userRow(userId);
      if (row.totpEnabled) throw conflict('Two-factor authentication is already on');
      if (!row.totpSecret) throw badRequest('Start the set-up first');
      await requirePassword(row, input.password, client);
      const step = requireCode(row, input.code);
      return updateUser(userId, { totpEnabled: true, totpLastStep: step }, (tx) =>
        recordUserAudit(tx, { user: row, client, action: 'user.mfa_enable', outcome: 'success' }),
      );
    },

    async disableMfa(
      userId: number,
      input: { password: string; code: string },
      client: ClientInfo,
    ) {
      const row = await requirePassword(await userRow(userId), input.password, client);
      if (!row.totpEnabled) throw badRequest('Two-factor authentication is not on');
      requireCode(row, input.code);
      return updateUser(
        userId,
        { totpEnabled: false, totpSecret: null, totpLastStep: null },
        (tx) =>
          recordUserAudit(tx, {
            user: row,
            client,
            action: 'user.mfa_disable',
            outcome: 'success',
          }),
      );
    },

    async listSessions(session: ActiveSession): Promise<SessionInfo[]> {
      const rows = await sessions.listForUser(session.user.id);
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: (row.id === session.id
          ? new Date(session.lastSeenAt)
          : row.lastSeenAt
        ).toISOString(),
        current: row.id === session.id,
      }));
    },

    async revokeSession(session: ActiveSession, sessionId: number) {
      if (!(await sessions.destroyById(session.user.id, sessionId)))
        throw notFound('Session not found');
    },

    async revokeOtherSessions(session: ActiveSession): Promise<number> {
      return db.transaction((tx) => sessions.destroyAllForUser(tx, session.user.id, session.id));
    },
  };
}
/**
 * Tells the address an account leaves that it was replaced, so the owner of a taken-over account
 * hears of it. Nothing the requester typed is in it, not even the new address.
 */
function mailAddressChangedNotice(tx: Tx, oldEmail: string, publicUrl: string) {
  return queueMail(tx, {
    to: oldEmail,
    subject: 'The e-mail address of your Alpenkube account was changed',
    text:
      'Hello,\n\nThe e-mail address of your Alpenkube account was just changed, and mails for ' +
      'the account no longer come to this address.\n\nIf you did not change it, someone may be ' +
      `using your account: contact our support at once at ${publicUrl}/support.\n\nThe Alpenkube team`,
  });
}

export type AccountService = ReturnType<typeof createAccountService>;
