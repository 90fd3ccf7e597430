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
 * - `officer`: a compliance officer (access granted by a platform operator).
 * - `superAdmin`: a platform operator, across every organization.
 */
export const accessLevels = [
  'anyone',
  'signedIn',
  'member',
  'orderer',
  'orgAdmin',
  'officer',
  'superAdmin',
] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** An approved member who meets the organization's sign-in rules (two-factor when required). */
const isMember = (actor: Actor) => actor.status === 'active' && !actor.mfaSetupRequired;

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
      return isMember(actor) && (actor.role === 'admin' || actor.role === 'super_admin');
    case 'officer':
      return isMember(actor) && actor.officerAccess;
    case 'superAdmin':
      return isMember(actor) && actor.role === 'super_admin';
  }
}

/** Why a signed-in actor is refused: the message a 403 carries. */
export function refusalMessage(actor: Actor, level: AccessLevel): string {
  if (actor.status === 'active' && actor.mfaSetupRequired) {
    return 'Your organization requires two-factor authentication. Set it up in Settings to continue.';
  }
  if (!isMember(actor)) {
    return 'Your request to join the organization is waiting for an admin’s approval.';
  }
  if (level === 'orderer') {
    if (!actor.emailVerified) return 'Verify your e-mail address before ordering.';
    if (actor.organizationStatus !== 'active') {
      return actor.organizationStatus === 'suspended'
        ? 'Your organization is suspended. Contact support.'
        : 'Your organization is waiting for approval by our team.';
    }
  }
  return 'You do not have access to this';
}
