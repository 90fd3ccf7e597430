import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  accessOfMethod,
  can,
  roleAllows,
  type AccessLevel,
  type Actor,
} from '@alpenkube/contract/permissions';
import {
  ANY_API_TOKEN,
  API_TOKEN_SESSION_ONLY,
  apiTokenResourceFor,
  areaOfRule,
  apiTokenScopeFor,
  apiTokenScopes,
  type ApiTokenScope,
} from '@alpenkube/contract/api-tokens';
import {
  apiTokens,
  clusterNodePools,
  clusters,
  invitations,
  notifications,
  paymentMethods,
  promotionRequests,
  sessions,
  supportTickets,
} from '../../src/db/schema.ts';
import { sha256 } from '../../src/lib/crypto.ts';
import { actorWith, insertActor } from '../support/actors.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Who may call each route. Every route the app registers must have a row here, and its own
 * `config.access` must say the same: a new route without a row fails this test, and so does a
 * route whose guard drifts from what this table says.
 */
const MATRIX: Record<string, AccessLevel> = {
  // Sign-in and mailed links: before there is a session.
  'POST /api/register': 'anyone',
  'POST /api/login': 'anyone',
  'POST /api/login/mfa': 'anyone',
  'POST /api/logout': 'anyone',
  'POST /api/auth/resend-verification': 'anyone',
  'POST /api/auth/verify-email': 'anyone',
  'POST /api/auth/forgot-password': 'anyone',
  'POST /api/auth/reset-password': 'anyone',
  'POST /api/auth/magic-link': 'anyone',
  'POST /api/auth/magic-link/verify': 'anyone',
  // The signed-in person's own account, whatever their organization's standing.
  'GET /api/user': 'signedIn',
  'PATCH /api/user': 'signedIn',
  'PUT /api/user/password': 'signedIn',
  'POST /api/user/delete': 'signedIn',
  'GET /api/user/mail-preferences': 'signedIn',
  'PUT /api/user/mail-preferences': 'signedIn',
  'POST /api/auth/mfa/setup': 'signedIn',
  'POST /api/auth/mfa/enable': 'signedIn',
  'POST /api/auth/mfa/disable': 'signedIn',
  'GET /api/auth/sessions': 'signedIn',
  'DELETE /api/auth/sessions/:id': 'signedIn',
  'POST /api/auth/sessions/revoke-others': 'signedIn',
  'GET /api/notifications': 'signedIn',
  'GET /api/notifications/count': 'signedIn',
  'PUT /api/notifications/:id/read': 'signedIn',
  'POST /api/notifications/mark-all-read': 'signedIn',
  'PUT /api/notifications/:id/trash': 'signedIn',
  'GET /api/officers/check-access': 'signedIn',
  'GET /ws': 'signedIn',
  // The organization's own figures: a pending member is answered zeros by the service.
  'GET /api/sidebar-counts': 'signedIn',
  // The catalog and the platform's health: public.
  'GET /api/version/summary': 'anyone',
  'GET /api/cluster-tiers': 'anyone',
  'GET /api/addons': 'anyone',
  'GET /api/catalog': 'anyone',
  'POST /api/quotes': 'anyone',
  'GET /api/health': 'anyone',
  'GET /api/openapi.json': 'anyone',
  // Billing: members read the organization's cards and credit; those who may order change them.
  'GET /api/billing/gateway': 'member',
  'GET /api/billing/payment-methods': 'member',
  'POST /api/billing/payment-methods': 'orderer',
  'DELETE /api/billing/payment-methods/:id': 'orderer',
  'PUT /api/billing/payment-methods/:id/default': 'orderer',
  'GET /api/billing/credits': 'member',
  'POST /api/billing/credits': 'superAdmin',
  'POST /api/billing/credits/redeem': 'orderer',
  'GET /api/billing/credit-codes': 'superAdmin',
  'POST /api/billing/credit-codes': 'superAdmin',
  'DELETE /api/billing/credit-codes/:id': 'superAdmin',
  'GET /api/billing/summary': 'member',
  'GET /api/billing/plans': 'member',
  'PUT /api/billing/plans': 'orderer',
  'GET /api/billing/details': 'member',
  'PUT /api/billing/details': 'verifiedAdmin',
  'GET /api/billing/invoices': 'member',
  'GET /api/billing/invoices/:id': 'member',
  'GET /api/billing/invoices/:id/pdf': 'member',
  'GET /api/billing/credit-notes/:id/pdf': 'member',
  'GET /api/billing/invoices/:id/usage.csv': 'member',
  'POST /api/billing/invoices/:id/pay': 'orderer',
  'POST /api/billing/invoices/:id/void': 'superAdmin',
  'POST /api/billing/renewals/:id/pay': 'orderer',
  'GET /api/billing/budget': 'member',
  'PUT /api/billing/budget': 'orgAdmin',
  'GET /api/usage': 'member',
  // The embedded test gateway's own endpoints, outside /api as a processor's would be.
  'POST /test-gateway/v1/tokens': 'anyone',
  'GET /test-gateway/challenge/:chargeId': 'anyone',
  'POST /test-gateway/challenge/:chargeId': 'anyone',
  // The public site's forms.
  'POST /api/leads/contact': 'anyone',
  'POST /api/leads/sales': 'anyone',
  'POST /api/leads/custom-quote': 'anyone',
  'POST /api/leads/workload-migration': 'anyone',
  'POST /api/careers/apply': 'anyone',
  'GET /api/leads/demo-slots': 'anyone',
  'POST /api/leads/demo': 'anyone',
  'POST /api/newsletter/subscribe': 'anyone',
  'POST /api/newsletter/confirm': 'anyone',
  'POST /api/newsletter/unsubscribe': 'anyone',
  'POST /api/public/tickets': 'anyone',
  'POST /api/public/tickets/lookup': 'anyone',
  'POST /api/public/tickets/reply': 'anyone',
  // Support: members work their organization's tickets; the staff queue is the super admins'.
  'POST /api/support/tickets': 'signedIn',
  'GET /api/support/tickets': 'signedIn',
  'GET /api/support/tickets/:id': 'signedIn',
  'POST /api/support/tickets/:id/messages': 'signedIn',
  'POST /api/support/tickets/:id/status': 'signedIn',
  'GET /api/support/tickets/:id/attachments/:attachmentId': 'signedIn',
  'POST /api/support/custom-solutions': 'member',
  'GET /api/support/queue': 'superAdmin',
  'GET /api/support/queue/:id': 'superAdmin',
  'POST /api/support/queue/:id/assign': 'superAdmin',
  'POST /api/support/queue/:id/messages': 'superAdmin',
  'POST /api/support/queue/:id/status': 'superAdmin',
  'GET /api/support/queue/:id/attachments/:attachmentId': 'superAdmin',
  // Platform operators: every organization's standing, and who has officer access.
  'GET /api/admin/organizations': 'superAdmin',
  'GET /api/admin/organizations/:id': 'superAdmin',
  'POST /api/admin/organizations/:id/approve': 'superAdmin',
  'POST /api/admin/organizations/:id/suspend': 'superAdmin',
  'POST /api/admin/organizations/:id/reinstate': 'superAdmin',
  'GET /api/admin/organizations/:id/users': 'superAdmin',
  'PUT /api/admin/users/:id/officer-access': 'superAdmin',
  // An organization's orders: members read them; ordering, paying, cancelling need `orderer`.
  'GET /api/orders': 'member',
  'GET /api/orders/promo': 'member',
  'POST /api/orders': 'orderer',
  'GET /api/orders/:id': 'member',
  'POST /api/orders/:id/cancel': 'orderer',
  'POST /api/orders/:id/pay': 'orderer',
  // The marketplace: the catalog is public; members read the organization's products, and
  // ordering, revealing or rotating a secret, changing a plan and cancelling need `orderer`.
  'GET /api/products/catalog': 'anyone',
  'GET /api/products': 'member',
  'POST /api/products': 'orderer',
  'GET /api/products/:id': 'member',
  'POST /api/products/:id/secret': 'orderer',
  'POST /api/products/:id/secret/rotate': 'orderer',
  'POST /api/products/:id/plan': 'orderer',
  'POST /api/products/:id/cancel': 'orderer',
  // An organization's clusters: members read them and take kubeconfigs; a change, which the
  // provider applies and which changes what the cluster costs, needs `orderer`.
  'GET /api/clusters': 'member',
  'GET /api/clusters/topology': 'member',
  'GET /api/clusters/:id': 'member',
  'GET /api/clusters/:id/events': 'member',
  'GET /api/clusters/:id/topology': 'member',
  'GET /api/clusters/:id/metrics': 'member',
  'GET /api/clusters/:id/kubeconfig': 'member',
  'PATCH /api/clusters/:id': 'orderer',
  'PUT /api/clusters/:id/expiry': 'orderer',
  'PUT /api/clusters/:id/sleep-schedule': 'orderer',
  'PUT /api/clusters/:id/maintenance': 'orderer',
  'POST /api/clusters/:id/wake': 'orderer',
  'PATCH /api/clusters/:id/node-pools/:poolId': 'orderer',
  'PUT /api/clusters/:id/node-pools/:poolId/labels': 'orderer',
  'PUT /api/clusters/:id/tags': 'orderer',
  'PUT /api/clusters/:id/api-allowlist': 'orderer',
  'GET /api/clusters/:id/events/stream': 'member',
  'GET /api/vpcs': 'member',
  'POST /api/vpcs': 'orderer',
  'DELETE /api/vpcs/:id': 'orderer',
  'POST /api/clusters/:id/node-pools': 'orderer',
  'DELETE /api/clusters/:id/node-pools/:poolId': 'orderer',
  'POST /api/clusters/:id/upgrade': 'orderer',
  'POST /api/clusters/:id/nodes/:nodeName/recycle': 'orderer',
  'DELETE /api/clusters/:id': 'orderer',
  'POST /api/clusters/:id/credentials/rotate': 'orderer',
  // Backups: members see them; taking one and restoring from one are changes (`orderer`).
  'GET /api/clusters/:id/backups': 'member',
  'POST /api/clusters/:id/backups': 'orderer',
  'POST /api/clusters/:id/backups/:backupId/restore': 'orderer',
  // Volumes and load balancers: members list them; making and deleting them, which changes
  // what the cluster costs, needs `orderer` as the other changes do.
  'GET /api/clusters/:id/volumes': 'member',
  'POST /api/clusters/:id/volumes': 'orderer',
  'DELETE /api/clusters/:id/volumes/:volumeId': 'orderer',
  'GET /api/clusters/:id/load-balancers': 'member',
  'POST /api/clusters/:id/load-balancers': 'orderer',
  'DELETE /api/clusters/:id/load-balancers/:loadBalancerId': 'orderer',
  // Add-ons: members see what each costs on a cluster; ordering and removing need `orderer`.
  'POST /api/addons/orders': 'orderer',
  'GET /api/clusters/:id/addons': 'member',
  'DELETE /api/clusters/:id/addons/:slug': 'orderer',
  // High availability after creation: members see its price; ordering it needs `orderer`.
  'GET /api/clusters/:id/high-availability': 'member',
  'POST /api/clusters/:id/high-availability': 'orderer',
  // The provider test pages: a driver's health and a dry run, for members.
  'GET /api/providers/:slug/health': 'member',
  'POST /api/providers/:slug/validate': 'member',
  // An organization's own activity log: its admins (a super admin names the organization).
  'GET /api/admin/activity': 'orgAdmin',
  'GET /api/admin/activity.csv': 'orgAdmin',
  // The compliance officers' panel: platform-wide, officers only.
  'GET /api/officers/audit-events': 'officer',
  'GET /api/officers/audit-events.csv': 'officer',
  'GET /api/officers/people': 'officer',
  'GET /api/officers/data-subject-requests': 'officer',
  'POST /api/officers/data-subject-requests/export': 'officer',
  'POST /api/officers/data-subject-requests/erasure': 'officer',
  'GET /api/officers/residency': 'officer',
  'GET /api/officers/residency.csv': 'officer',
  // Development only (never registered in production): demo sign-in and the local mailbox.
  'GET /api/dev/users': 'anyone',
  'POST /api/dev/login': 'anyone',
  'GET /api/dev/mailbox': 'anyone',
  'POST /api/dev/notify': 'signedIn',
  'POST /api/dev/provider-faults': 'signedIn',
  'POST /api/dev/billing/close-month': 'signedIn',
  'POST /api/dev/usage/meter-now': 'signedIn',
  'POST /api/dev/clusters/:id/sweep': 'signedIn',
  'POST /api/dev/clusters/:id/maintenance-sweep': 'signedIn',
  // The simulated clusters' Kubernetes API: no session, a cluster's bearer token instead.
  'GET /k8s/clusters/:clusterId/openapi/v3': 'anyone',
  'GET /k8s/clusters/:clusterId/openapi/v3/*': 'anyone',
  'GET /k8s/clusters/:clusterId/version': 'anyone',
  'GET /k8s/clusters/:clusterId/api': 'anyone',
  'GET /k8s/clusters/:clusterId/apis': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/nodes': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/nodes/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/pods': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/pods': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/pods/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/persistentvolumes': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/persistentvolumes/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/services': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1/nodes': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/metrics.k8s.io/v1beta1/nodes/:name': 'anyone',
  // Writes (kubectl apply/delete): the cluster's bearer token, then its holder's role.
  'POST /k8s/clusters/:clusterId/api/v1/namespaces': 'anyone',
  'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:name': 'anyone',
  'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:name': 'anyone',
  'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:name': 'anyone',
  'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services': 'anyone',
  'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name': 'anyone',
  'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name': 'anyone',
  'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/services/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/configmaps': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps': 'anyone',
  'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name': 'anyone',
  'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name': 'anyone',
  'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name': 'anyone',
  'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/configmaps/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/secrets': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets': 'anyone',
  'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name': 'anyone',
  'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name': 'anyone',
  'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name': 'anyone',
  'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/secrets/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/persistentvolumeclaims': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims': 'anyone',
  'POST /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims': 'anyone',
  'GET /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name':
    'anyone',
  'PUT /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name':
    'anyone',
  'PATCH /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name':
    'anyone',
  'DELETE /k8s/clusters/:clusterId/api/v1/namespaces/:namespace/persistentvolumeclaims/:name':
    'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps/v1': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps/v1/deployments': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments': 'anyone',
  'POST /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name': 'anyone',
  'PUT /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name': 'anyone',
  'PATCH /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name': 'anyone',
  'DELETE /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name': 'anyone',
  'GET /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale':
    'anyone',
  'PUT /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale':
    'anyone',
  'PATCH /k8s/clusters/:clusterId/apis/apps/v1/namespaces/:namespace/deployments/:name/scale':
    'anyone',
  'GET /k8s/clusters/:clusterId/*': 'anyone',
  'POST /k8s/clusters/:clusterId/*': 'anyone',
  'PUT /k8s/clusters/:clusterId/*': 'anyone',
  'PATCH /k8s/clusters/:clusterId/*': 'anyone',
  'DELETE /k8s/clusters/:clusterId/*': 'anyone',
  // Any other path under /k8s is no cluster's: a Status 404 for everyone.
  'GET /k8s': 'anyone',
  'POST /k8s': 'anyone',
  'PUT /k8s': 'anyone',
  'PATCH /k8s': 'anyone',
  'DELETE /k8s': 'anyone',
  'GET /k8s/*': 'anyone',
  'POST /k8s/*': 'anyone',
  'PUT /k8s/*': 'anyone',
  'PATCH /k8s/*': 'anyone',
  'DELETE /k8s/*': 'anyone',
  // Personal API tokens: a member's own; an organization admin sees and revokes the
  // organization's (a super admin: any). Session only, whatever a token's scopes.
  'GET /api/api-tokens': 'member',
  // The same list for any of the person's tokens, whatever its scopes (the token column below).
  'GET /api/api-tokens/mine': 'member',
  'POST /api/api-tokens': 'member',
  'DELETE /api/api-tokens/:id': 'member',
  'GET /api/admin/api-tokens': 'orgAdmin',
  'DELETE /api/admin/api-tokens/:id': 'orgAdmin',
  // An organization's people: its admins (a super admin: any organization's); the invitation
  // link is public; a member asks to become an admin and sees their own request.
  'GET /api/admin/users': 'orgAdmin',
  'GET /api/admin/registrations': 'orgAdmin',
  'POST /api/admin/registrations/:id/approve': 'orgAdmin',
  'POST /api/admin/registrations/:id/reject': 'orgAdmin',
  'PUT /api/admin/users/:id/role': 'orgAdmin',
  'POST /api/admin/users/:id/disable': 'orgAdmin',
  'POST /api/admin/users/:id/enable': 'orgAdmin',
  'DELETE /api/admin/users/:id': 'orgAdmin',
  'GET /api/admin/people/summary': 'orgAdmin',
  'PUT /api/admin/organization/mfa-required': 'orgAdmin',
  'GET /api/organization/residency': 'member',
  'GET /api/admin/organization/residency': 'orgAdmin',
  'PUT /api/admin/organization/residency': 'orgAdmin',
  'GET /api/admin/organization/domain': 'orgAdmin',
  'PUT /api/admin/organization/domain': 'orgAdmin',
  'POST /api/admin/organization/domain/verify': 'orgAdmin',
  'GET /api/admin/invitations': 'orgAdmin',
  'POST /api/admin/invitations': 'verifiedAdmin',
  'DELETE /api/admin/invitations/:id': 'orgAdmin',
  'GET /api/invitations/:token': 'anyone',
  'GET /api/admin/promotion-requests': 'orgAdmin',
  'POST /api/admin/promotion-requests/:id/approve': 'orgAdmin',
  'POST /api/admin/promotion-requests/:id/refuse': 'orgAdmin',
  'GET /api/promotion-requests/mine': 'member',
  'POST /api/promotion-requests': 'member',
  // The web app's files.
  'GET /llms.txt': 'anyone',
  'GET /robots.txt': 'anyone',
  'GET /sitemap.xml': 'anyone',
};

/** One caller of each kind the permission table knows. */
const ACTORS: Record<string, Actor | null> = {
  anonymous: null,
  pendingMember: actorWith({ status: 'pending_approval' }),
  unverified: actorWith({ emailVerified: false }),
  customerOfPendingOrganization: actorWith({ organizationStatus: 'pending_approval' }),
  customer: actorWith({}),
  billingMember: actorWith({ role: 'billing' }),
  readOnlyMember: actorWith({ role: 'viewer' }),
  orgAdmin: actorWith({ role: 'admin' }),
  adminOfPendingOrganization: actorWith({ role: 'admin', organizationStatus: 'pending_approval' }),
  unverifiedAdmin: actorWith({ role: 'admin', emailVerified: false }),
  officer: actorWith({ officerAccess: true, mfaEnabled: true }),
  superAdmin: actorWith({ role: 'super_admin', mfaEnabled: true }),
  // Platform staff without their own second factor, in an organization that requires none.
  officerWithoutTwoFactor: actorWith({ officerAccess: true }),
  superAdminWithoutTwoFactor: actorWith({ role: 'super_admin' }),
};

/**
 * Whether the table lets `actor` call the route: its level, then what the member's role reaches
 * of the route's area (the token table's resource; reads are GET and HEAD).
 */
function allows(actor: Actor | null, level: AccessLevel, method: string, pattern: string) {
  if (!can(actor, level)) return false;
  if (!actor || level === 'anyone') return true;
  return roleAllows(
    actor.role,
    accessOfMethod(method),
    areaOfRule(apiTokenResourceFor(pattern, level, method)),
  );
}

/**
 * The writes of member levels that belong to no area of the organization's data, so no role
 * narrows them: each is the person's own (their tokens, their request to become an admin). A new
 * member route outside the areas fails the test below until it is placed in an area or here.
 */
const OWN_WRITES = new Set([
  'POST /api/api-tokens',
  'DELETE /api/api-tokens/:id',
  'POST /api/promotion-requests',
]);

/** A refusal by the guard, as opposed to a route's own 401 (a wrong password) or 400. */
const isGuardRefusal = (response: LightMyRequestResponse) =>
  response.statusCode === 403 ||
  (response.statusCode === 401 && response.json<{ message: string }>().message === 'Not signed in');

/**
 * The id the matrix puts in a route's `:id`: no row has it, so an allowed call changes nothing
 * (it answers 404 or 400) and the calls of one actor cannot alter another's standing.
 */
const NO_SUCH_ID = '999999';

describe('authorization matrix', () => {
  let t: TestApp;
  /** A fresh session per call, since a call may end it (logout, revoke-others). */
  let sessionFor: (actor: string) => Promise<string | undefined>;
  let foreignNotificationId: number;
  let foreignClusterId: number;
  let foreignPoolId: number;
  let foreignSessionId: number;
  let foreignPaymentMethodId: number;
  let foreignTicketId: number;
  let userIdOf: Record<string, number>;
  let organizationIdOf: Record<string, number>;
  let foreignUserId: number;
  let foreignInvitationId: number;
  let foreignPromotionId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.app.services;
    const userIds: Record<string, number> = {};
    const organizationIds: Record<string, number> = {};
    for (const [name, actor] of Object.entries(ACTORS)) {
      if (!actor) continue;
      const { userId, organizationId } = await insertActor(db, {
        label: 'Matrix',
        index: Object.keys(userIds).length,
        name,
        username: name.toLowerCase(),
        actor,
        passwordHash: 'not-a-hash',
      });
      userIds[name] = userId;
      organizationIds[name] = organizationId;
    }
    userIdOf = userIds;
    organizationIdOf = organizationIds;
    sessionFor = async (name) => {
      const userId = userIds[name];
      if (userId === undefined) return undefined;
      return t.app.services.sessions.create(db, userId, { userAgent: 'matrix', ip: '127.0.0.1' });
    };
    // Data of another organization, named by id in the routes that take one.
    const [notification] = await db
      .insert(notifications)
      .values({ userId: userIds.customer!, type: 'info', message: 'not yours' })
      .returning();
    foreignNotificationId = notification!.id;
    const [session] = await db
      .insert(sessions)
      .values({
        tokenHash: 'matrix-foreign-session',
        userId: userIds.customer!,
        userAgent: 'matrix',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    foreignSessionId = session!.id;
    const [paymentMethod] = await db
      .insert(paymentMethods)
      .values({
        organizationId: organizationIds.customer!,
        gateway: 'test',
        gatewayToken: 'tok_matrix_foreign',
        brand: 'Visa',
        last4: '4242',
        fingerprint: 'matrix-foreign',
        expMonth: 12,
        expYear: 2099,
        isDefault: true,
      })
      .returning();
    foreignPaymentMethodId = paymentMethod!.id;
    const [tier] = (await t.app.services.catalog.tiers()).value;
    const [cluster] = await db
      .insert(clusters)
      .values({
        organizationId: organizationIds.customer!,
        name: 'not-yours',
        tierId: tier!.id,
        provider: 'alpenkube',
        region: 'eu-de-fra',
        kubernetesVersion: '1.37',
        kubernetesPatch: '1.37.2',
        status: 'running',
      })
      .returning();
    foreignClusterId = cluster!.id;
    const [pool] = await db
      .insert(clusterNodePools)
      .values({ clusterId: cluster!.id, name: 'general', size: 's-2vcpu-4gb', count: 1 })
      .returning();
    foreignPoolId = pool!.id;
    const [ticket] = await db
      .insert(supportTickets)
      .values({
        number: 'T-MATRIX',
        trackingCode: 'MATR-IX00',
        organizationId: organizationIds.customer!,
        userId: userIds.customer!,
        email: 'customer@matrix.test',
        category: 'technical',
        severity: 'normal',
        subject: 'not yours',
      })
      .returning();
    foreignTicketId = ticket!.id;
    foreignUserId = userIds.customer!;
    const [invitation] = await db
      .insert(invitations)
      .values({
        organizationId: organizationIds.customer!,
        email: 'invited@matrix.test',
        role: 'user',
        tokenHash: 'matrix-foreign-invitation',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    foreignInvitationId = invitation!.id;
    const [promotion] = await db
      .insert(promotionRequests)
      .values({
        userId: userIds.customer!,
        organizationId: organizationIds.customer!,
        reason: 'not yours to answer',
      })
      .returning();
    foreignPromotionId = promotion!.id;
  });
  afterAll(() => t.close());

  const routeKeys = () =>
    t.app.routeTable
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);

  it('has a row for every route the app registers, and no row for a route that is gone', () => {
    const registered = routeKeys();
    expect(registered.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('every member write outside the areas of the organization is the person’s own', () => {
    const memberLevels: AccessLevel[] = ['member', 'orderer'];
    const unplaced = Object.entries(MATRIX)
      .filter(([key, level]) => {
        const [method, pattern] = key.split(' ') as [string, string];
        return (
          memberLevels.includes(level) &&
          method !== 'GET' &&
          areaOfRule(apiTokenResourceFor(pattern, level, method)) === null
        );
      })
      .map(([key]) => key);
    expect(unplaced.filter((key) => !OWN_WRITES.has(key))).toEqual([]);
  });

  it("each route's own guard declares what the table says", () => {
    for (const route of t.app.routeTable) {
      if (route.method === 'HEAD') continue;
      const key = `${route.method} ${route.url}`;
      expect(route.access ?? 'anyone', key).toBe(MATRIX[key]);
    }
  });

  const apiRows = Object.entries(MATRIX).filter(([key]) => key.includes(' /api/'));
  for (const [actorName, actor] of Object.entries(ACTORS)) {
    it(`${actorName}: refused exactly where the table refuses`, async () => {
      const wrong: string[] = [];
      for (const [key, level] of apiRows) {
        const [method, pattern] = key.split(' ') as [string, string];
        const url = pattern.replace(':id', NO_SUCH_ID);
        const sid = await sessionFor(actorName);
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          cookies: sid ? { sid } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = allows(actor, level, method, pattern);
        if (isGuardRefusal(response) === allowed) {
          wrong.push(`${key} → ${response.statusCode} (${allowed ? 'allowed' : 'refused'})`);
        }
        if (!allowed) {
          expect(response.statusCode, key).toBe(actor ? 403 : 401);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  /**
   * The API-token column, generated over every registered /api route: a token acts as its user
   * only on a route whose resource (contract api-tokens.ts) it holds the scope for, or on a read
   * any token may make, whatever its scopes; a route without a resource refuses it (a public one
   * answers it as a visitor).
   */
  const TOKEN_ACTORS = [
    'pendingMember',
    'customer',
    'billingMember',
    'readOnlyMember',
    'orgAdmin',
    'superAdmin',
  ] as const;
  for (const actorName of TOKEN_ACTORS) {
    it(`${actorName}'s API token: allowed with the route's scope, refused without`, async () => {
      const actor = ACTORS[actorName]!;
      const { db } = t.app.services;
      const tokenWith = async (scopes: ApiTokenScope[]) => {
        const token = `ak_matrix_${actorName}_${scopes.join('_')}`;
        await db.insert(apiTokens).values({
          userId: userIdOf[actorName]!,
          organizationId: organizationIdOf[actorName]!,
          name: 'matrix',
          prefix: token.slice(0, 11),
          tokenHash: sha256(token),
          scopes,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        return token;
      };
      const tokens = new Map<string, string>();
      /** One token per set of scopes, made when first needed. */
      const tokenFor = async (scopes: ApiTokenScope[]) => {
        const key = scopes.join(' ');
        if (!tokens.has(key)) tokens.set(key, await tokenWith(scopes));
        return tokens.get(key)!;
      };
      const everything = await tokenFor([...apiTokenScopes]);
      const wrong: string[] = [];
      const routes = t.app.routeTable.filter(
        (route) =>
          route.method !== 'HEAD' && (route.url.startsWith('/api/') || route.url === '/ws'),
      );
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const level = route.access ?? 'anyone';
        const resource = apiTokenResourceFor(route.url, level, route.method);
        const call = (token: string) =>
          t.app.inject({
            method: route.method as 'GET',
            url: route.url.replace(':id', NO_SUCH_ID),
            headers: { authorization: `Bearer ${token}` },
            ...(route.method === 'GET' ? {} : { payload: {} }),
          });
        const withScope = await call(everything);
        if (!resource) {
          if (level === 'anyone') {
            if (isGuardRefusal(withScope)) wrong.push(`${key} public → ${withScope.statusCode}`);
          } else if (
            withScope.statusCode !== 403 ||
            withScope.json<{ message: string }>().message !== API_TOKEN_SESSION_ONLY
          ) {
            wrong.push(`${key} session-only → ${withScope.statusCode}`);
          }
          continue;
        }
        if (resource === ANY_API_TOKEN) {
          // Any token: one with everything and one with a single unrelated scope alike.
          for (const token of [everything, await tokenFor(['support:read'])]) {
            const answer = await call(token);
            if (isGuardRefusal(answer) === can(actor, level)) {
              wrong.push(`${key} any token → ${answer.statusCode}`);
            }
          }
          continue;
        }
        const needed = apiTokenScopeFor(route.method, resource);
        const allowed = allows(actor, level, route.method, route.url);
        if (isGuardRefusal(withScope) === allowed) {
          wrong.push(`${key} with ${needed} → ${withScope.statusCode}`);
        }
        // Without it: every other scope, and the read of this resource for a write.
        const without = await tokenFor(
          apiTokenScopes.filter(
            (scope) =>
              !scope.startsWith(`${resource}:`) ||
              (needed.endsWith(':write') && scope === `${resource}:read`),
          ),
        );
        const refused = await call(without);
        if (level === 'anyone' ? isGuardRefusal(refused) : refused.statusCode !== 403) {
          wrong.push(`${key} without ${needed} → ${refused.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 404, not 403, for an id of another organization', async () => {
    const sid = await sessionFor('orgAdmin');
    const calls = [
      ['PUT', `/api/notifications/${foreignNotificationId}/read`],
      ['PUT', `/api/notifications/${foreignNotificationId}/trash`],
      ['DELETE', `/api/auth/sessions/${foreignSessionId}`],
      ['DELETE', `/api/billing/payment-methods/${foreignPaymentMethodId}`],
      ['PUT', `/api/billing/payment-methods/${foreignPaymentMethodId}/default`],
      ['GET', `/api/clusters/${foreignClusterId}`],
      ['GET', `/api/clusters/${foreignClusterId}/events`],
      ['GET', `/api/clusters/${foreignClusterId}/topology`],
      ['GET', `/api/clusters/${foreignClusterId}/kubeconfig`],
      ['PATCH', `/api/clusters/${foreignClusterId}`, { name: 'mine-now' }],
      ['PATCH', `/api/clusters/${foreignClusterId}/node-pools/${foreignPoolId}`, { count: 2 }],
      [
        'POST',
        `/api/clusters/${foreignClusterId}/node-pools`,
        { name: 'more', size: 's-2vcpu-4gb', count: 1 },
      ],
      ['DELETE', `/api/clusters/${foreignClusterId}/node-pools/${foreignPoolId}`],
      ['POST', `/api/clusters/${foreignClusterId}/upgrade`, { version: '1.38' }],
      ['POST', `/api/clusters/${foreignClusterId}/nodes/any/recycle`],
      ['DELETE', `/api/clusters/${foreignClusterId}`, { name: 'not-yours' }],
      ['POST', `/api/clusters/${foreignClusterId}/credentials/rotate`],
      ['GET', `/api/clusters/${foreignClusterId}/backups`],
      ['POST', `/api/clusters/${foreignClusterId}/backups`],
      ['POST', `/api/clusters/${foreignClusterId}/backups/1/restore`],
      ['GET', `/api/clusters/${foreignClusterId}/volumes`],
      [
        'POST',
        `/api/clusters/${foreignClusterId}/volumes`,
        { name: 'mine', sizeGb: 10, storageClass: 'alpenkube-ssd' },
      ],
      ['DELETE', `/api/clusters/${foreignClusterId}/volumes/1`],
      ['GET', `/api/clusters/${foreignClusterId}/load-balancers`],
      ['POST', `/api/clusters/${foreignClusterId}/load-balancers`, { name: 'mine' }],
      ['DELETE', `/api/clusters/${foreignClusterId}/load-balancers/1`],
      ['GET', `/api/clusters/${foreignClusterId}/addons`],
      ['DELETE', `/api/clusters/${foreignClusterId}/addons/monitoring`],
      ['GET', `/api/clusters/${foreignClusterId}/high-availability`],
      ['GET', `/api/support/tickets/${foreignTicketId}`],
      ['GET', `/api/support/tickets/${foreignTicketId}/attachments/1`],
      ['POST', `/api/support/tickets/${foreignTicketId}/status`, { status: 'closed' }],
      ['POST', `/api/admin/registrations/${foreignUserId}/approve`],
      ['POST', `/api/admin/registrations/${foreignUserId}/reject`, { reason: 'not yours' }],
      ['PUT', `/api/admin/users/${foreignUserId}/role`, { role: 'admin' }],
      ['POST', `/api/admin/users/${foreignUserId}/disable`, { reason: 'not yours' }],
      ['POST', `/api/admin/users/${foreignUserId}/enable`],
      ['DELETE', `/api/admin/users/${foreignUserId}`],
      ['DELETE', `/api/admin/invitations/${foreignInvitationId}`],
      ['POST', `/api/admin/promotion-requests/${foreignPromotionId}/approve`, {}],
      ['POST', `/api/admin/promotion-requests/${foreignPromotionId}/refuse`, { note: 'not yours' }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await t.app.inject({
        method,
        url,
        cookies: { sid: sid! },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});
