import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  INVITATION_DAYS,
  type Invitation,
  type InvitationLookup,
  type InviteInput,
  type OrganizationScopeQuery,
} from '@alpenkube/contract';
import { organizations } from '../organizations/schema.ts';
import { users } from '../users/schema.ts';
import { invitations } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import { queueMail } from '../mail/index.ts';
import type { ClientInfo, SessionUser } from '../sessions/index.ts';
import {
  auditChange,
  displayName,
  scopeOf,
  targetOrganizationOf,
  visibleTo,
} from './member-view.ts';

const DAY_MS = 86_400_000;

type InvitationRow = typeof invitations.$inferSelect;

const gone = (message: string) => new HttpError(410, message);

interface Inviter {
  role: string;
  status: string;
  organizationId: number;
}

/** Why an invitation is no longer pending (used, withdrawn, expired), or null while it is. */
function closedReason(row: InvitationRow): string | null {
  if (row.acceptedAt) return 'This invitation was already used. Sign in instead.';
  if (row.revokedAt)
    return 'This invitation was withdrawn. Ask the organization’s admin for a new one.';
  if (row.expiresAt.getTime() <= Date.now()) {
    return 'This invitation has expired. Ask the organization’s admin for a new one.';
  }
  return null;
}

/**
 * Why an invitation can no longer be used, or null while it can. It carries its inviter's
 * authority: once they are no longer an active admin of the organization (demoted, disabled,
 * removed, erased) or an active super admin, their pending invitations admit no one.
 */
function unusableReason(row: InvitationRow, inviter: Inviter | null): string | null {
  const inviterMayInvite =
    inviter?.status === 'active' &&
    (inviter.role === 'super_admin' ||
      (inviter.role === 'admin' && inviter.organizationId === row.organizationId));
  return (
    closedReason(row) ??
    (inviterMayInvite
      ? null
      : 'The admin who sent this invitation can no longer invite people. Ask the organization’s admin for a new one.')
  );
}

async function findByToken(db: DbOrTx, token: string, lock = false) {
  const query = db
    .select({
      invitation: invitations,
      organizationName: organizations.name,
      inviter: {
        role: users.role,
        status: users.status,
        organizationId: users.organizationId,
        name: users.name,
        username: users.username,
      },
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, sha256(token)));
  const [row] = lock ? await query.for('update', { of: invitations }) : await query;
  if (!row) throw notFound('This invitation link is not valid.');
  return row;
}

/** What an invitation link offers: 404 for an unknown one, 410 for a used, withdrawn or expired one. */
export async function lookupInvitation(db: DbOrTx, token: string): Promise<InvitationLookup> {
  const { invitation, organizationName, inviter } = await findByToken(db, token);
  const reason = unusableReason(invitation, inviter);
  if (reason) throw gone(reason);
  return {
    organizationName,
    invitedBy: inviter ? displayName(inviter) : null,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Takes an invitation for a registration, in its transaction: the row is locked and marked
 * used, so a second registration with the same link waits and then finds it used.
 */
export async function claimInvitation(tx: DbOrTx, token: string, email: string) {
  const { invitation, organizationName, inviter } = await findByToken(tx, token, true);
  const reason = unusableReason(invitation, inviter);
  if (reason) throw gone(reason);
  if (invitation.email !== email.toLowerCase()) {
    throw badRequest(
      `This invitation was sent to ${invitation.email}: register with that address.`,
    );
  }
  await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(eq(invitations.id, invitation.id));
  return {
    id: invitation.id,
    organizationId: invitation.organizationId,
    organizationName,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
  };
}

/** Links the used invitation to the account it made. */
export async function recordInvitationUser(tx: DbOrTx, invitationId: number, userId: number) {
  await tx
    .update(invitations)
    .set({ acceptedUserId: userId })
    .where(eq(invitations.id, invitationId));
}

/**
 * The mail to an address nobody has proven yet carries no text the inviter chose (their name,
 * the organization's name): it could be made to read as anything. The link shows both, on
 * the platform, once opened.
 */
function invitationMail(to: string, token: string, publicUrl: string) {
  return {
    to,
    subject: 'Your invitation to Alpenkube',
    text:
      'Hello,\n\nYou were invited to join an organization on Alpenkube, the managed Kubernetes ' +
      'platform. Open this link to see who invited you and to create your account:\n' +
      `${publicUrl}/register?invitation=${token}\n\n` +
      `The link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, ignore this mail.`,
  };
}

const pending = () =>
  and(
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
    gt(invitations.expiresAt, new Date()),
  );

type Deps = Pick<Infrastructure, 'db' | 'config'> & { mailThrottle: MailThrottle };

export function createInvitationService(deps: Deps) {
  const { db } = deps;
  const { publicUrl } = deps.config;
  const inviter = users;

  async function list(actor: SessionUser, query: OrganizationScopeQuery): Promise<Invitation[]> {
    const scope = scopeOf(actor, query.organizationId);
    const rows = await db
      .select({
        invitation: invitations,
        organizationName: organizations.name,
        inviterName: inviter.name,
        inviterUsername: inviter.username,
      })
      .from(invitations)
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .leftJoin(inviter, eq(inviter.id, invitations.invitedBy))
      .where(and(pending(), scope === null ? undefined : eq(invitations.organizationId, scope)))
      .orderBy(desc(invitations.id))
      .limit(200);
    return rows.map((row) => ({
      id: row.invitation.id,
      email: row.invitation.email,
      role: row.invitation.role,
      invitedBy: row.inviterUsername
        ? displayName({ name: row.inviterName, username: row.inviterUsername })
        : null,
      expiresAt: row.invitation.expiresAt.toISOString(),
      createdAt: row.invitation.createdAt.toISOString(),
      organizationId: row.invitation.organizationId,
      organizationName: row.organizationName,
    }));
  }

  return {
    list,
    lookup: (token: string) => lookupInvitation(db, token),

    /** Mails a single-use link, valid INVITATION_DAYS days, to join with the given role. */
    async invite(actor: SessionUser, input: InviteInput, client: ClientInfo): Promise<Invitation> {
      const organizationId = targetOrganizationOf(actor, input.organizationId);
      const email = input.email.trim().toLowerCase();
      // Inviting, withdrawing and inviting again is mailing: the one mail throttle counts each.
      await deps.mailThrottle.admit([email], client.ip);
      const id = await db.transaction(async (tx) => {
        // Invitations of one organization queue here: two admins inviting one address at once
        // cannot both find no pending invitation.
        const [organization] = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        if (!organization) throw notFound('Organization not found');
        const [account] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, email));
        if (account) throw conflict(`An account with the e-mail address ${email} already exists.`);
        const [open] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, organizationId),
              eq(invitations.email, email),
              pending(),
            ),
          );
        if (open) {
          throw conflict(`${email} already has a pending invitation: revoke it to send a new one.`);
        }
        const token = randomToken(32);
        const [row] = await tx
          .insert(invitations)
          .values({
            organizationId,
            email,
            role: input.role,
            tokenHash: sha256(token),
            invitedBy: actor.id,
            expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
          })
          .returning({ id: invitations.id });
        await queueMail(tx, invitationMail(email, token, publicUrl));
        await auditChange(tx, actor, client, {
          action: 'user.invite',
          organizationId,
          targetType: 'invitation',
          targetId: row!.id,
          // The address stays in the invitation, which an erasure can rewrite; the trail cannot.
          details: { role: input.role },
        });
        return row!.id;
      });
      const [created] = (await list(actor, { organizationId })).filter((row) => row.id === id);
      return created!;
    },

    async revoke(actor: SessionUser, id: number, client: ClientInfo): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(invitations)
          .where(visibleTo(actor, invitations, eq(invitations.id, id)))
          .for('update');
        if (!row) throw notFound('Invitation not found');
        // An invitation whose inviter lost their authority can still be withdrawn, to tidy up.
        const reason = closedReason(row);
        if (reason) throw conflict('This invitation is no longer pending.');
        await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, id));
        await auditChange(tx, actor, client, {
          action: 'user.invitation_revoke',
          organizationId: row.organizationId,
          targetType: 'invitation',
          targetId: id,
          details: { role: row.role },
        });
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitationService>;
