/**
 * Who may do what: one table for the server's routes and the web app's menus, buttons and route
 * guards. The server decides; the web app asks the same question only to hide what would be
 * refused anyway.
 */

/**
 * `user` is a full member (shown as Customer), `billing` and `viewer` members whose role narrows
 * what they reach of their organization (see `roleAllows`), `admin` an organization's admin,
 * `super_admin` a platform operator.
 */
export type ActorRole = 'user' | 'billing' | 'viewer' | 'admin' | 'super_admin';

/** An organization's admin, or a platform operator (an admin of every organization). */
export const isAdminRole = (role: ActorRole) => role === 'admin' || role === 'super_admin';

/** The roles an organization's admin gives; platform operators are made elsewhere. */
export const assignableRoles = ['user', 'billing', 'viewer', 'admin'] as const;
export type AssignableRole = (typeof assignableRoles)[number];
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

/**
 * The parts of an organization's data a route belongs to: the API token table's resources
 * (`apiTokenRoutePrefixes`), so a role and a token's scopes narrow access by the same map.
 */
export const organizationAreas = [
  'clusters',
  'kubeconfig',
  'orders',
  'billing',
  'support',
] as const;
export type OrganizationArea = (typeof organizationAreas)[number];
export type AreaAccess = 'read' | 'write';
/** GET and HEAD read; every other method changes. */
export const accessOfMethod = (method: string): AreaAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/** An area and what is done there, written as a token scope is: `clusters:write`. */
export type AreaReach = `${OrganizationArea}:${AreaAccess}`;

/**
 * What the narrower member roles reach, per area; an area left out is out of reach, and write
 * includes read. A billing member keeps the money (billing, usage, payment methods, invoices)
 * and support, and reads orders to see what the invoices are for; clusters are not theirs. A
 * read-only member sees what a member sees and changes nothing; a kubeconfig is a working
 * credential that changes clusters, so it stays out of their reach too.
 */
const roleReach: Partial<Record<ActorRole, Partial<Record<OrganizationArea, AreaAccess>>>> = {
  billing: { billing: 'write', support: 'write', orders: 'read' },
  viewer: { clusters: 'read', orders: 'read', billing: 'read', support: 'read' },
};

/**
 * Whether a member of `role` may read or change `area`. Routes outside the areas (null: one's
 * own account, notifications, API tokens and requests, and the admin and staff tools their
 * own levels guard) are not narrowed by role.
 */
export function roleAllows(role: ActorRole, access: AreaAccess, area: OrganizationArea | null) {
  const reach = roleReach[role];
  if (!reach || area === null) return true;
  const granted = reach[area];
  return granted === 'write' || (granted === 'read' && access === 'read');
}

/** A reach's two halves: `clusters:write` is the area `clusters` and the access `write`. */
export const splitReach = (reach: AreaReach) => reach.split(':') as [OrganizationArea, AreaAccess];

/** `roleAllows` for a reach written as a scope: `roleReaches('viewer', 'clusters:write')`. */
export function roleReaches(role: ActorRole, reach: AreaReach): boolean {
  const [area, access] = splitReach(reach);
  return roleAllows(role, access, area);
}

export const roleLabels: Record<ActorRole, string> = {
  user: 'Customer',
  billing: 'Billing',
  viewer: 'Read-only',
  admin: 'Admin',
  super_admin: 'Super admin',
};

const areaNouns: Record<OrganizationArea, string> = {
  clusters: 'clusters',
  kubeconfig: 'cluster credentials',
  orders: 'orders',
  billing: 'billing',
  support: 'support tickets',
};

/** Why a member's role refuses them: the message the 403 carries. */
export function roleRefusalMessage(role: ActorRole, access: AreaAccess, area: OrganizationArea) {
  const verb = access === 'read' ? 'see' : 'change';
  return `Your role (${roleLabels[role]}) cannot ${verb} ${areaNouns[area]}. Ask an admin of your organization.`;
}
