/**
 * Who may do what: one table for the server's routes and the web app's menus, buttons and route
 * guards. The server decides; the web app asks the same question only to hide what would be
 * refused anyway.
 */

export type ActorRole = 'user' | 'admin' | 'super_admin';
export type ActorStatus = 'active' | 'pending_approval' | 'disabled' | 'rejected';
export type OrganizationStatus = 'pending_approval' | 'active' | 'suspended';

/** What a permission check needs to know about the caller; null is an anonymous visitor. */
export interface Actor {
  role: ActorRole;
  /** The person's own standing in their organization: a pending member is not yet in it. */
  status: ActorStatus;
  emailVerified: boolean;
  organizationStatus: OrganizationStatus;
  officerAccess: boolean;
  /** The person signs in with a second factor: platform staff need it for their platform roles. */
  mfaEnabled?: boolean;
  /** The organization requires two-factor authentication and the actor has not set it up. */
  mfaSetupRequired?: boolean;
}

/**
 * The access levels a route or a control declares, from the widest to the narrowest:
 * - `anyone`: visitors too (public pages and forms, the catalog).
 * - `signedIn`: any session, even a member still waiting for approval (their own account,
 *   notifications, the officers-access check).
 * - `member`: an approved member of an organization; only they see its data.
 * - `orderer`: a member of an active organization with a verified e-mail address, who may order
 *   and pay.
 * - `orgAdmin`: an organization's admin, who manages its people.
 * - `verifiedAdmin`: an admin of an active organization with a verified e-mail address, who
 *   may act in its name towards others (invitations mailed to outsiders, the billing details
 *   its invoices go by).
 * - `officer`: a compliance officer (access granted by a platform operator).
 * - `superAdmin`: a platform operator, across every organization.
 *
 * Platform staff (super admins, officers) act for the whole platform: their platform levels
 * need their own two-factor, whatever their organization requires, and an organization's
 * two-factor rule never decides them.
 */
export const accessLevels = [
  'anyone',
  'signedIn',
  'member',
  'orderer',
  'orgAdmin',
  'verifiedAdmin',
  'officer',
  'superAdmin',
] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** An approved member who meets the organization's sign-in rules (two-factor when required). */
const isMember = (actor: Actor) => actor.status === 'active' && !actor.mfaSetupRequired;

/** Platform staff acting as such: active and signing in with a second factor. */
const isSecuredStaff = (actor: Actor) => actor.status === 'active' && actor.mfaEnabled === true;

/** An organization's admin; a super admin is one everywhere, as platform staff. */
const isAdmin = (actor: Actor) =>
  actor.role === 'super_admin' ? isSecuredStaff(actor) : isMember(actor) && actor.role === 'admin';

/** Whether the level is a platform staff member's, for which they need their own two-factor. */
const needsStaffMfa = (actor: Actor, level: AccessLevel) =>
  level === 'officer' ||
  level === 'superAdmin' ||
  ((level === 'orgAdmin' || level === 'verifiedAdmin') && actor.role === 'super_admin');

/** Whether `actor` may do what `level` guards. */
export function can(actor: Actor | null, level: AccessLevel): boolean {
  if (level === 'anyone') return true;
  if (!actor || actor.status === 'disabled' || actor.status === 'rejected') return false;
  switch (level) {
    case 'signedIn':
      return true;
    case 'member':
      return isMember(actor);
    case 'orderer':
      return isMember(actor) && actor.organizationStatus === 'active' && actor.emailVerified;
    case 'orgAdmin':
      return isAdmin(actor);
    case 'verifiedAdmin':
      return isAdmin(actor) && actor.organizationStatus === 'active' && actor.emailVerified;
    case 'officer':
      return isSecuredStaff(actor) && actor.officerAccess;
    case 'superAdmin':
      return isSecuredStaff(actor) && actor.role === 'super_admin';
  }
}

/** Why a member of platform staff without a second factor is refused the platform's pages. */
export const STAFF_MFA_REQUIRED =
  'Platform staff need two-factor authentication for this. Set it up in Settings to continue.';

/** Why a signed-in actor is refused: the message a 403 carries. */
export function refusalMessage(actor: Actor, level: AccessLevel): string {
  const staffLevel = needsStaffMfa(actor, level);
  const isStaffMember = actor.role === 'super_admin' || actor.officerAccess;
  if (actor.status === 'active' && staffLevel && isStaffMember && !actor.mfaEnabled) {
    return STAFF_MFA_REQUIRED;
  }
  if (actor.status === 'active' && actor.mfaSetupRequired && !staffLevel) {
    return 'Your organization requires two-factor authentication. Set it up in Settings to continue.';
  }
  if (!isMember(actor)) {
    return 'Your request to join the organization is waiting for an admin’s approval.';
  }
  if (level === 'orderer' || level === 'verifiedAdmin') {
    if (!actor.emailVerified) {
      return level === 'orderer'
        ? 'Verify your e-mail address before ordering.'
        : 'Verify your e-mail address before acting for your organization.';
    }
    if (actor.organizationStatus !== 'active') {
      return actor.organizationStatus === 'suspended'
        ? 'Your organization is suspended. Contact support.'
        : 'Your organization is waiting for approval by our team.';
    }
  }
  return 'You do not have access to this';
}
