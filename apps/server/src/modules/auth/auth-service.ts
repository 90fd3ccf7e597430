import type { AuditAction } from '@alpenkube/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { users } from '../users/schema.ts';
import { userDevices } from './schema.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { describeDevice } from '../../lib/device.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../lib/http-error.ts';
import { weakPasswordReason } from '../../lib/passwords.ts';
import { type ClientInfo, loadSessionUser, type SessionUser } from '../sessions/index.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import type { RateLimiter } from '../rate-limit/index.ts';
import type { SessionStore } from '../sessions/index.ts';
import { recordUserAudit } from '../audit/index.ts';
import { queueMail } from '../mail/index.ts';
import { claimInvitation, lookupInvitation, recordInvitationUser } from '../members/index.ts';
import { createNotification, notifyOrganizationAdmins } from '../notifications/index.ts';
import { createOrganization, findOrganizationByVerifiedDomain } from '../organizations/index.ts';
import { passwordBackoffRule, secondFactorBackoffRule } from '../rate-limit/index.ts';
import { checkToken, consumeToken, issueToken } from './auth-tokens.ts';
import { signInLimits } from './sign-in-limits.ts';
import { matchTotpStep } from './totp.ts';
import { mailVerificationLink } from './verification-mail.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password';

type UserRow = typeof users.$inferSelect;

/** A disabled, rejected or erased account gets no session and no mailed link. */
const canSignIn = (user: UserRow) =>
  user.status !== 'disabled' && user.status !== 'rejected' && !user.erasedAt;

/** Answer of a step that signs in: the session cookie to set, or a second factor to ask for. */
export type SignInOutcome =
  { kind: 'session'; token: string; user: SessionUser } | { kind: 'mfa'; challenge: string };

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  name?: string;
  companyName?: string;
  /** An invitation link's token: the account joins its organization with the invited role. */
  invitation?: string;
}

const takenError = (username: boolean) =>
  conflict(
    username
      ? 'This username is already taken'
      : 'An account with this e-mail address already exists',
  );

const auditUser = (
  db: DbOrTx,
  user: Pick<UserRow, 'id' | 'organizationId'> | null,
  client: ClientInfo,
  action: AuditAction,
  outcome: 'success' | 'failure',
  details: Record<string, unknown> = {},
) => recordUserAudit(db, { user, client, action, outcome, details });

export type AuthDeps = Pick<Infrastructure, 'db' | 'config' | 'passwords' | 'sealer'> & {
  sessions: SessionStore;
  rateLimit: RateLimiter;
  mailThrottle: MailThrottle;
};

export function createAuthService(deps: AuthDeps) {
  const { db, passwords, sessions, rateLimit, sealer, mailThrottle } = deps;
  const { publicUrl } = deps.config;

  async function noticeNewDevice(tx: DbOrTx, user: UserRow, client: ClientInfo) {
    const device = describeDevice(client.userAgent);
    const [seen] = await tx
      .insert(userDevices)
      .values({ userId: user.id, device })
      .onConflictDoUpdate({
        target: [userDevices.userId, userDevices.device],
        set: { lastSeenAt: new Date() },
      })
      .returning({ first: userDevices.firstSeenAt, last: userDevices.lastSeenAt });
    const firstTimeHere = seen && seen.first.getTime() === seen.last.getTime();
    // The very first sign-in (registration) is no news.
    if (firstTimeHere && user.lastLoginAt) {
      await createNotification(
        tx,
        user.id,
        'warning',
        `New sign-in from ${device}${client.ip ? ` (${client.ip})` : ''}. ` +
          "If this wasn't you, change your password in Settings.",
      );
    }
  }

  /** Starts a session in `tx` (ending the one the request had) and records the sign-in. */
  async function startSession(
    tx: Tx,
    user: UserRow,
    client: ClientInfo,
    method: string,
  ): Promise<SignInOutcome> {
    if (client.previousToken) await sessions.destroy(client.previousToken, tx);
    const token = await sessions.create(tx, user.id, client);
    await noticeNewDevice(tx, user, client);
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    await auditUser(tx, user, client, 'auth.sign_in', 'success', { method });
    return { kind: 'session', token, user: (await loadSessionUser(tx, user.id))! };
  }

  /** A proven identity becomes a session, or a second-factor challenge when TOTP is on. */
  async function signInOrChallenge(
    user: UserRow,
    client: ClientInfo,
    method: string,
    consume?: (tx: Tx) => Promise<unknown>,
  ): Promise<SignInOutcome> {
    if (!canSignIn(user)) {
      await auditUser(db, user, client, 'auth.sign_in', 'failure', { method, reason: user.status });
      throw forbidden(
        user.status === 'rejected'
          ? 'Your request to join this organization was declined.'
          : 'This account is disabled. Contact your organization admin.',
      );
    }
    return db.transaction(async (tx) => {
      await consume?.(tx);
      if (user.totpEnabled) {
        return { kind: 'mfa', challenge: await issueToken(tx, user.id, 'mfa_challenge') };
      }
      return startSession(tx, user, client, method);
    });
  }

  async function recordFailedSignIn(
    user: UserRow | undefined,
    client: ClientInfo,
    limits: ReturnType<typeof signInLimits>,
    details: Record<string, unknown>,
  ) {
    await limits.failed();
    await auditUser(db, user ?? null, client, 'auth.sign_in', 'failure', details);
  }

  async function userByEmail(email: string) {
    const [user] = await db.select().from(users).where(eq(users.email, email));
    return user;
  }

  const limitMail = (email: string, client: ClientInfo) => mailThrottle.admit([email], client.ip);

  /**
   * A registration through an admin's invitation: the invitation is taken in the same
   * transaction (a second use finds it used), the person joins its organization with the invited
   * role, already approved, and the mailed link proved the address.
   */
  async function registerInvited(
    tx: Tx,
    input: RegisterInput,
    token: string,
    passwordHash: string,
    client: ClientInfo,
  ): Promise<SignInOutcome> {
    const invitation = await claimInvitation(tx, token, input.email);
    const [user] = await tx
      .insert(users)
      .values({
        organizationId: invitation.organizationId,
        username: input.username,
        email: input.email,
        name: input.name ?? null,
        passwordHash,
        role: invitation.role,
        status: 'active',
        emailVerified: true,
      })
      .returning();
    await recordInvitationUser(tx, invitation.id, user!.id);
    const displayName = input.name ?? input.username;
    await createNotification(
      tx,
      user!.id,
      'system',
      `Welcome to Alpenkube, ${displayName}! You joined ${invitation.organizationName}.`,
    );
    await notifyOrganizationAdmins(
      tx,
      invitation.organizationId,
      'info',
      `${input.username} (${input.email}) accepted the invitation and joined ${invitation.organizationName}.`,
    );
    await auditUser(tx, user!, client, 'user.register', 'success', {
      joinedExisting: true,
      invitationId: invitation.id,
      role: invitation.role,
    });
    return startSession(tx, user!, client, 'registration');
  }

  return {
    async register(input: RegisterInput, client: ClientInfo): Promise<SignInOutcome> {
      const weakness = weakPasswordReason(input.password, input.username, input.email);
      if (weakness) throw badRequest(weakness);
      // A used or expired link says so before anything else (its address is taken once used).
      if (input.invitation) await lookupInvitation(db, input.invitation);
      const [taken] = await db
        .select({ username: users.username })
        .from(users)
        .where(or(eq(users.username, input.username), eq(users.email, input.email)));
      if (taken) throw takenError(taken.username === input.username);
      await limitMail(input.email, client);
      const passwordHash = await passwords.hash(input.password);
      try {
        return await db.transaction(async (tx) => {
          if (input.invitation)
            return registerInvited(tx, input, input.invitation, passwordHash, client);
          const existing = await findOrganizationByVerifiedDomain(tx, input.email);
          const organization =
            existing ??
            (await createOrganization(tx, {
              name: input.companyName ?? `${input.name ?? input.username}'s organization`,
              email: input.email,
              status: 'pending_approval',
            }));
          const [user] = await tx
            .insert(users)
            .values({
              organizationId: organization.id,
              username: input.username,
              email: input.email,
              name: input.name ?? null,
              passwordHash,
              role: existing ? 'user' : 'admin',
              status: existing ? 'pending_approval' : 'active',
            })
            .returning();
          const displayName = input.name ?? input.username;
          await createNotification(
            tx,
            user!.id,
            'system',
            existing
              ? // Nothing of the organization until an admin accepts the request.
                `Welcome to Alpenkube, ${displayName}! Your request to join your company's organization is waiting for an admin's approval.`
              : `Welcome to Alpenkube, ${displayName}! Verify your e-mail address; ${organization.name} can order clusters once our team approves it.`,
          );
          if (existing) {
            await notifyOrganizationAdmins(
              tx,
              organization.id,
              'info',
              // Nobody named: the admin sees the person in the list, and an erased or removed
              // person's name would otherwise stay in every admin's notifications.
              `A new person asked to join ${organization.name}. Review the request in User Management.`,
            );
          }
          await mailVerificationLink(tx, user!.id, user!.email, publicUrl);
          await auditUser(tx, user!, client, 'user.register', 'success', {
            joinedExisting: Boolean(existing),
          });
          return startSession(tx, user!, client, 'registration');
        });
      } catch (error) {
        // Two registrations racing for one name: the unique index decides.
        const violation = uniqueViolation(error);
        if (violation) throw takenError(violation.constraint.includes('username'));
        throw error;
      }
    },

    async login(input: { username: string; password: string }, client: ClientInfo) {
      const [user] = await db
        .select()
        .from(users)
        .where(or(eq(users.username, input.username), eq(users.email, input.username)));
      // Failures count against the account, whether its username or its e-mail was typed.
      const limits = signInLimits(
        rateLimit,
        passwordBackoffRule,
        `user:${user?.username ?? input.username}`,
        client.ip,
      );
      await limits.check();
      const valid = user
        ? await passwords.verify(user.passwordHash, input.password)
        : await passwords.burn(input.password).then(() => false);
      if (!user || !valid) {
        // The trail can never change, so it keeps nothing typed: a known person is named by
        // their id, and an unknown name is not kept either (it is often an e-mail address,
        // someone's who may register later, and an erasure could not remove it).
        await recordFailedSignIn(user, client, limits, {
          method: 'password',
          reason: user ? 'wrong_password' : 'unknown_user',
        });
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await limits.succeeded();
      return signInOrChallenge(user, client, 'password');
    },

    async completeMfa(challenge: string, code: string, client: ClientInfo): Promise<SignInOutcome> {
      const userId = await checkToken(db, challenge, 'mfa_challenge');
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user?.totpSecret || !user.totpEnabled) {
        throw badRequest('Two-factor authentication is not enabled');
      }
      const limits = signInLimits(
        rateLimit,
        secondFactorBackoffRule,
        `user:${user.username}`,
        client.ip,
      );
      await limits.check();
      const step = matchTotpStep(sealer.open(user.totpSecret), code);
      const invalid = () =>
        recordFailedSignIn(user, client, limits, { method: 'totp', reason: 'wrong_code' }).then(
          () => new HttpError(401, 'Invalid authentication code'),
        );
      if (step === null) throw await invalid();
      // The challenge stays usable for another try until it expires or succeeds.
      const outcome = await db.transaction(async (tx) => {
        await consumeToken(tx, challenge, 'mfa_challenge');
        // Only a step later than the last accepted one: a code cannot be replayed.
        const [accepted] = await tx
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(users.id, user.id),
              or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
            ),
          )
          .returning({ id: users.id });
        if (!accepted) return null;
        return startSession(tx, user, client, 'password+totp');
      });
      if (!outcome) throw await invalid();
      await limits.succeeded();
      return outcome;
    },

    async logout(user: SessionUser, token: string, client: ClientInfo) {
      await db.transaction(async (tx) => {
        await sessions.destroy(token, tx);
        await auditUser(tx, user, client, 'auth.sign_out', 'success');
      });
    },

    async resendVerification(email: string, client: ClientInfo) {
      await limitMail(email, client);
      const user = await userByEmail(email);
      if (!user || user.emailVerified) return;
      await db.transaction((tx) => mailVerificationLink(tx, user.id, user.email, publicUrl));
    },

    async verifyEmail(token: string): Promise<SessionUser> {
      return db.transaction(async (tx) => {
        const userId = await consumeToken(tx, token, 'verify_email');
        await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await createNotification(
          tx,
          userId,
          'success',
          'Your e-mail address is verified. Thank you!',
        );
        await sessions.userChanged(tx, userId);
        return (await loadSessionUser(tx, userId))!;
      });
    },

    async forgotPassword(email: string, client: ClientInfo) {
      await limitMail(email, client);
      const user = await userByEmail(email);
      if (!user || !canSignIn(user)) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'reset_password');
        await queueMail(tx, {
          to: user.email,
          subject: 'Reset your Alpenkube password',
          text:
            'Hello,\n\nSomeone asked to reset the password of your Alpenkube account. ' +
            `To choose a new one, open:\n${publicUrl}/reset-password?token=${token}\n\n` +
            'The link works once and expires in 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
        });
      });
    },

    async resetPassword(token: string, password: string, client: ClientInfo) {
      // Check the link before spending a hash on it; it is consumed in the transaction below.
      const userId = await checkToken(db, token, 'reset_password');
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      const weakness = weakPasswordReason(password, user?.username, user?.email);
      if (weakness) throw badRequest(weakness);
      const passwordHash = await passwords.hash(password);
      await db.transaction(async (tx) => {
        await consumeToken(tx, token, 'reset_password');
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await sessions.destroyAllForUser(tx, userId);
        await createNotification(
          tx,
          userId,
          'warning',
          'Your password was reset and every session was signed out.',
        );
        await auditUser(tx, user!, client, 'user.password_change', 'success', { via: 'reset' });
      });
    },

    async requestMagicLink(email: string, client: ClientInfo) {
      await limitMail(email, client);
      const user = await userByEmail(email);
      if (!user || !canSignIn(user)) return;
      await db.transaction(async (tx) => {
        const token = await issueToken(tx, user.id, 'magic_link');
        await queueMail(tx, {
          to: user.email,
          subject: 'Your Alpenkube sign-in link',
          text:
            `Hello,\n\nOpen this link to sign in to Alpenkube:\n${publicUrl}/magic-link?token=${token}\n\n` +
            'It works once and expires in 15 minutes. If you did not ask for it, ignore this mail.',
        });
      });
    },

    async signInWithMagicLink(token: string, client: ClientInfo): Promise<SignInOutcome> {
      const userId = await checkToken(db, token, 'magic_link');
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      return signInOrChallenge(user!, client, 'magic_link', async (tx) => {
        await consumeToken(tx, token, 'magic_link');
        // Following the mailed link proves the address, as a verification link would.
        if (!user!.emailVerified) {
          await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
        }
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
