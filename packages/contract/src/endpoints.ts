/**
 * Every route of the API: its method, its Fastify pattern, a builder of the concrete path for
 * the web app, and the types of its body and answer.
 *
 * Free of zod at run time (types only, through `import type`): the public pages import it and
 * must stay within their JavaScript budget. The schemas themselves stay in the resource files;
 * the server validates with them, and can register a route with `endpoint.method` and
 * `endpoint.pattern` so that a path cannot differ between server and web app.
 */
import type { z } from 'zod';
import type {
  changePasswordSchema,
  deleteAccountSchema,
  emailOnlySchema,
  loginMfaSchema,
  loginResultSchema,
  loginSchema,
  magicLinkVerifySchema,
  messageSchema,
  mfaDisableSchema,
  mfaEnableSchema,
  mfaSetupSchema,
  registerSchema,
  resetPasswordSchema,
  revokedSchema,
  sessionInfoSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from './auth.ts';
import type { catalogSchema } from './catalog.ts';
import type { clusterConfigShapeSchema, quoteSchema } from './cluster-config.ts';
import type {
  NotificationType,
  mailPreferencesSchema,
  notificationCountSchema,
  notificationSchema,
} from './notifications.ts';
import type {
  addonSchema,
  devLoginSchema,
  devMailSchema,
  devUserSchema,
  healthSchema,
  sidebarCountsSchema,
  tierSchema,
  versionSummarySchema,
} from './platform.ts';
import type {
  contactSalesSchema,
  contactSchema,
  customQuoteSchema,
  demoSlotsSchema,
  jobApplicationSchema,
  leadAnswerSchema,
  newsletterSchema,
  newsletterTokenSchema,
  publicTicketSchema,
  scheduleDemoSchema,
  submitTicketSchema,
  ticketCreatedSchema,
  ticketReplySchema,
  trackTicketSchema,
  workloadMigrationSchema,
} from './public-forms.ts';
import type { userSchema } from './users.ts';
import type {
  clusterLoadBalancersSchema,
  clusterVolumesSchema,
  createLoadBalancerSchema,
  createVolumeSchema,
} from './cluster-volumes.ts';
import type { clusterAddonsSchema, createAddonOrderSchema } from './addons.ts';
import type { clusterHaQuoteSchema, createHaOrderSchema } from './high-availability.ts';
import type { backupSchema, clusterBackupsSchema } from './backups.ts';
import type {
  ProductListQuery,
  changeProductPlanSchema,
  createProductOrderSchema,
  marketplaceProductSchema,
  productDetailSchema,
  productInstanceSchema,
  productPlanChangeSchema,
  productSecretSchema,
  revealProductSecretSchema,
} from './products.ts';
import type {
  QueueQuery,
  TicketListQuery,
  queuePageSchema,
  ticketSchema,
  ticketStatusChangeSchema,
  ticketSummarySchema,
} from './support.ts';
import type {
  OrderListQuery,
  createClusterOrderSchema,
  orderSchema,
  orderSummarySchema,
  promoStandingSchema,
  payOrderSchema,
  payResultSchema,
} from './orders.ts';
import type {
  ClusterListQuery,
  addNodePoolSchema,
  clusterEventSchema,
  clusterPageSchema,
  clusterSchema,
  clusterTopologySchema,
  deleteClusterSchema,
  providerHealthSchema,
  providerValidateSchema,
  providerValidationSchema,
  renameClusterSchema,
  updateClusterExpirySchema,
  updateSleepScheduleSchema,
  updateMaintenanceSchema,
  updateNodePoolSchema,
  upgradeClusterSchema,
} from './clusters.ts';
import type { updateClusterTagsSchema, updateNodePoolLabelsSchema } from './node-shape.ts';
import type { updateApiAllowlistSchema } from './cluster-firewall.ts';
import type { ClusterMetricsQuery, clusterMetricsSchema } from './cluster-metrics.ts';
import type {
  addPaymentMethodSchema,
  paymentGatewayInfoSchema,
  paymentMethodSchema,
} from './payments.ts';
import type {
  UsageQuery,
  billingDetailsSchema,
  billingPlansSchema,
  billingSummarySchema,
  budgetSchema,
  changePlanSchema,
  closeMonthResultSchema,
  closeMonthSchema,
  creditEntrySchema,
  creditsSchema,
  grantCreditSchema,
  createCreditCodeSchema,
  creditCodeSchema,
  redeemCreditCodeSchema,
  invoiceSchema,
  invoiceSummarySchema,
  updateBillingDetailsSchema,
  updateBudgetSchema,
  usageReportSchema,
  voidInvoiceSchema,
} from './billing.ts';
import type {
  AuditFilter,
  AuditQuery,
  auditPageSchema,
  dataExportSchema,
  dataSubjectRequestSchema,
  erasureSchema,
  personSchema,
  residencyReportSchema,
} from './officers.ts';
import type { ActivityFilter, ActivityQuery, activityPageSchema } from './organization-activity.ts';
import type { VpcListQuery, createVpcSchema, vpcSchema } from './vpcs.ts';

import type {
  AdminApiTokenQuery,
  CreateApiToken,
  adminApiTokenSchema,
  apiTokenSchema,
  createdApiTokenSchema,
  ownApiTokenSchema,
} from './api-tokens.ts';
import type {
  MemberListQuery,
  OrganizationScopeQuery,
  PromotionListQuery,
  approvePromotionSchema,
  changeRoleSchema,
  disableMemberSchema,
  invitationLookupSchema,
  invitationSchema,
  inviteSchema,
  memberSchema,
  mfaRequirementSchema,
  ownPromotionRequestSchema,
  membersSummarySchema,
  promotionRequestInputSchema,
  promotionRequestSchema,
  refusePromotionSchema,
  rejectRegistrationSchema,
  removalSchema,
} from './members.ts';
import type {
  domainCheckSchema,
  organizationDomainSchema,
  organizationResidencySchema,
  setOrganizationDomainSchema,
  setResidencyPolicySchema,
  verifyOrganizationDomainSchema,
} from './organization-settings.ts';
import type {
  OperatorOrganizationQuery,
  officerAccessChangeSchema,
  operatorOrganizationDetailSchema,
  operatorOrganizationPageSchema,
  operatorUserSchema,
  suspendOrganizationSchema,
} from './operators.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer with no body (204), which the web client reads as `{}`. */
export type NoContent = Record<string, never>;

/**
 * One API route. `Response` and `Body` exist only as types (the phantom `types` field is never
 * set): `request(endpoint, …)` on the web reads them to type what it sends and answers.
 */
export interface Endpoint<
  Response = unknown,
  Body = undefined,
  Params extends unknown[] = [],
  Method extends HttpMethod = HttpMethod,
  PathParams extends string = never,
  Query extends object = never,
> {
  readonly method: Method;
  /** The Fastify route pattern, e.g. `/api/notifications/:id/read`. */
  readonly pattern: string;
  /** The concrete path for a call (parameters filled in and encoded). */
  readonly path: (...params: Params) => string;
  readonly types?: { response: Response; body: Body; pathParams: PathParams; query: Query };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<any, any, any[], HttpMethod, any, any>;
export type ResponseOf<E> = E extends { types?: { response: infer R } } ? R : never;
export type BodyOf<E> = E extends { types?: { body: infer B } } ? B : never;
export type ParamsOf<E> = E extends { path: (...params: infer P) => string } ? P : never;
/** The names of the pattern's `:parameters`: the server's params schema has these keys. */
export type PathParamsOf<E> = E extends { types?: { pathParams: infer P } } ? P : never;
/** The query string's fields: the server's query schema has these keys. */
export type QueryOf<E> = E extends { types?: { query: infer Q } } ? Q : never;

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;

/** The path with a query string of the filled fields only (empty values left out). */
function queryPath(pattern: string, query: object = {}) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  return search.size ? `${pattern}?${search}` : pattern;
}

/** A route without path parameters. */
function route<Response, Body = undefined>() {
  return <M extends HttpMethod>(method: M, pattern: string): Endpoint<Response, Body, [], M> => ({
    method,
    pattern,
    path: () => pattern,
  });
}

/** A route with a numeric `:id` parameter. */
function routeWithId<Response, Body = undefined>() {
  return <M extends HttpMethod>(
    method: M,
    pattern: `${string}:id${string}`,
  ): Endpoint<Response, Body, [id: number], M, 'id'> => ({
    method,
    pattern,
    path: (id: number) => pattern.replace(':id', encodeURIComponent(String(id))),
  });
}

/** A route with a numeric `:id` and a second parameter, e.g. a node pool's id or a node's name. */
function routeWithIdAnd<Response, Body = undefined>() {
  return <M extends HttpMethod, P extends string>(
    method: M,
    pattern: `${string}:id/${string}:${NoInfer<P>}${string}`,
    param: P,
  ): Endpoint<Response, Body, [id: number, second: number | string], M, 'id' | P> => ({
    method,
    pattern,
    path: (id: number, second: number | string) =>
      pattern
        .replace(':id', encodeURIComponent(String(id)))
        .replace(`:${param}`, encodeURIComponent(String(second))),
  });
}

/** A route with a `:slug` parameter, e.g. a provider's. */
function routeWithSlug<Response, Body = undefined>() {
  return <M extends HttpMethod>(
    method: M,
    pattern: `${string}:slug${string}`,
  ): Endpoint<Response, Body, [slug: string], M, 'slug'> => ({
    method,
    pattern,
    path: (slug: string) => pattern.replace(':slug', encodeURIComponent(slug)),
  });
}

/** A GET route whose optional query object becomes the search string. */
function routeWithQuery<Response, Query extends object>(pattern: string) {
  return {
    method: 'GET',
    pattern,
    path: (query?: Query) => queryPath(pattern, query),
  } as Endpoint<Response, undefined, [query?: Query], 'GET', never, Query>;
}

/** A GET route with a numeric `:id` whose optional query object becomes the search string. */
function routeWithIdAndQuery<Response, Query extends object>(pattern: `${string}:id${string}`) {
  return {
    method: 'GET',
    pattern,
    path: (id: number, query?: Query) =>
      queryPath(pattern.replace(':id', encodeURIComponent(String(id))), query),
  } as Endpoint<Response, undefined, [id: number, query?: Query], 'GET', 'id', Query>;
}

type Message = Out<typeof messageSchema>;
type ClusterRecord = Out<typeof clusterSchema>;
type UserRecord = Out<typeof userSchema>;
type LeadAnswer = Out<typeof leadAnswerSchema>;

export type DevUser = Out<typeof devUserSchema>;
export type Health = Out<typeof healthSchema>;
export type DemoSlots = Out<typeof demoSlotsSchema>;
export type TicketCreated = Out<typeof ticketCreatedSchema>;
export type NotificationCount = Out<typeof notificationCountSchema>;

export const endpoints = {
  session: {
    user: route<UserRecord>()('GET', '/api/user'),
    login: route<Out<typeof loginResultSchema>, In<typeof loginSchema>>()('POST', '/api/login'),
    loginMfa: route<UserRecord, In<typeof loginMfaSchema>>()('POST', '/api/login/mfa'),
    register: route<UserRecord, In<typeof registerSchema>>()('POST', '/api/register'),
    logout: route<NoContent>()('POST', '/api/logout'),
  },
  auth: {
    resendVerification: route<Message, In<typeof emailOnlySchema>>()(
      'POST',
      '/api/auth/resend-verification',
    ),
    verifyEmail: route<UserRecord, In<typeof verifyEmailSchema>>()(
      'POST',
      '/api/auth/verify-email',
    ),
    forgotPassword: route<Message, In<typeof emailOnlySchema>>()(
      'POST',
      '/api/auth/forgot-password',
    ),
    resetPassword: route<Message, In<typeof resetPasswordSchema>>()(
      'POST',
      '/api/auth/reset-password',
    ),
    requestMagicLink: route<Message, In<typeof emailOnlySchema>>()('POST', '/api/auth/magic-link'),
    verifyMagicLink: route<Out<typeof loginResultSchema>, In<typeof magicLinkVerifySchema>>()(
      'POST',
      '/api/auth/magic-link/verify',
    ),
  },
  account: {
    updateProfile: route<UserRecord, In<typeof updateProfileSchema>>()('PATCH', '/api/user'),
    changePassword: route<NoContent, In<typeof changePasswordSchema>>()(
      'PUT',
      '/api/user/password',
    ),
    /** Erases the signed-in person's own account, as an officer's erasure would; ends the session. */
    deleteAccount: route<NoContent, In<typeof deleteAccountSchema>>()('POST', '/api/user/delete'),
    startMfaSetup: route<Out<typeof mfaSetupSchema>>()('POST', '/api/auth/mfa/setup'),
    enableMfa: route<UserRecord, In<typeof mfaEnableSchema>>()('POST', '/api/auth/mfa/enable'),
    disableMfa: route<UserRecord, In<typeof mfaDisableSchema>>()('POST', '/api/auth/mfa/disable'),
    sessions: route<Out<typeof sessionInfoSchema>[]>()('GET', '/api/auth/sessions'),
    revokeSession: routeWithId<NoContent>()('DELETE', '/api/auth/sessions/:id'),
    revokeOtherSessions: route<Out<typeof revokedSchema>>()(
      'POST',
      '/api/auth/sessions/revoke-others',
    ),
  },
  notifications: {
    list: route<Out<typeof notificationSchema>[]>()('GET', '/api/notifications'),
    count: route<NotificationCount>()('GET', '/api/notifications/count'),
    markRead: routeWithId<Out<typeof notificationSchema>>()('PUT', '/api/notifications/:id/read'),
    markAllRead: route<{ updated: number }>()('POST', '/api/notifications/mark-all-read'),
    trash: routeWithId<Out<typeof notificationSchema>>()('PUT', '/api/notifications/:id/trash'),
    /** Which kinds of notice the signed-in person also gets by mail. */
    mailPreferences: route<Out<typeof mailPreferencesSchema>>()(
      'GET',
      '/api/user/mail-preferences',
    ),
    updateMailPreferences: route<
      Out<typeof mailPreferencesSchema>,
      In<typeof mailPreferencesSchema>
    >()('PUT', '/api/user/mail-preferences'),
  },
  platform: {
    version: route<Out<typeof versionSummarySchema>>()('GET', '/api/version/summary'),
    tiers: route<Out<typeof tierSchema>[]>()('GET', '/api/cluster-tiers'),
    addons: route<Out<typeof addonSchema>[]>()('GET', '/api/addons'),
    /** Tiers, providers and regions, versions, add-ons and support plans: what prices need. */
    catalog: route<Out<typeof catalogSchema>>()('GET', '/api/catalog'),
    sidebarCounts: route<Out<typeof sidebarCountsSchema>>()('GET', '/api/sidebar-counts'),
    officersAccess: route<boolean>()('GET', '/api/officers/check-access'),
    health: route<Health>()('GET', '/api/health'),
    /** The OpenAPI 3 document, generated from the schemas (hidden from itself). */
    openapi: route<unknown>()('GET', '/api/openapi.json'),
  },
  quotes: {
    /** Prices a configuration with the one engine; public and rate-limited per network. */
    create: route<Out<typeof quoteSchema>, In<typeof clusterConfigShapeSchema>>()(
      'POST',
      '/api/quotes',
    ),
  },
  orders: {
    /** Filters by `kind` and `status`; newest first, a page of `limit` before the id `before`. */
    list: routeWithQuery<Out<typeof orderSummarySchema>[], OrderListQuery>('/api/orders'),
    /** Needs an `Idempotency-Key` header: the same key answers the same order. */
    create: route<Out<typeof orderSchema>, In<typeof createClusterOrderSchema>>()(
      'POST',
      '/api/orders',
    ),
    /** Whether the promo code is still the organization's (the banner hides once it is not). */
    promo: route<Out<typeof promoStandingSchema>>()('GET', '/api/orders/promo'),
    get: routeWithId<Out<typeof orderSchema>>()('GET', '/api/orders/:id'),
    cancel: routeWithId<Out<typeof orderSchema>>()('POST', '/api/orders/:id/cancel'),
    /** Credit first, then the card; 402 with the gateway's message when the card is declined. */
    pay: routeWithId<Out<typeof payResultSchema>, In<typeof payOrderSchema>>()(
      'POST',
      '/api/orders/:id/pay',
    ),
  },
  products: {
    catalog: route<Out<typeof marketplaceProductSchema>[]>()('GET', '/api/products/catalog'),
    /** Newest first, a page of `limit` before the id `before`. */
    list: routeWithQuery<Out<typeof productInstanceSchema>[], ProductListQuery>('/api/products'),
    /** Needs an `Idempotency-Key` header; answers the order of kind `product` to pay. */
    create: route<Out<typeof orderSchema>, In<typeof createProductOrderSchema>>()(
      'POST',
      '/api/products',
    ),
    get: routeWithId<Out<typeof productDetailSchema>>()('GET', '/api/products/:id'),
    /** Without a password only the first time; afterwards the password is asked again. */
    revealSecret: routeWithId<
      Out<typeof productSecretSchema>,
      In<typeof revealProductSecretSchema>
    >()('POST', '/api/products/:id/secret'),
    rotateSecret: routeWithId<Out<typeof productDetailSchema>>()(
      'POST',
      '/api/products/:id/secret/rotate',
    ),
    changePlan: routeWithId<
      Out<typeof productPlanChangeSchema>,
      In<typeof changeProductPlanSchema>
    >()('POST', '/api/products/:id/plan'),
    cancel: routeWithId<Out<typeof productDetailSchema>>()('POST', '/api/products/:id/cancel'),
  },
  /** The organization's VPC networks, one region each. */
  vpcs: {
    list: routeWithQuery<Out<typeof vpcSchema>[], VpcListQuery>('/api/vpcs'),
    create: route<Out<typeof vpcSchema>, In<typeof createVpcSchema>>()('POST', '/api/vpcs'),
    /** 409 while a cluster is in it. */
    remove: routeWithId<NoContent>()('DELETE', '/api/vpcs/:id'),
  },
  clusters: {
    /** Filters, a sort and a page; `total` counts every match. */
    list: routeWithQuery<Out<typeof clusterPageSchema>, ClusterListQuery>('/api/clusters'),
    /** Every cluster of the organization that is not deleted, as graphs. */
    topologies: route<Out<typeof clusterTopologySchema>[]>()('GET', '/api/clusters/topology'),
    get: routeWithId<ClusterRecord>()('GET', '/api/clusters/:id'),
    events: routeWithId<Out<typeof clusterEventSchema>[]>()('GET', '/api/clusters/:id/events'),
    /**
     * Server-sent events: the cluster's pushes (status, progress, the event logged) as they
     * happen, for a client that holds no WebSocket (the command-line tool's --wait).
     */
    eventStream: routeWithId<string>()('GET', '/api/clusters/:id/events/stream'),
    topology: routeWithId<Out<typeof clusterTopologySchema>>()('GET', '/api/clusters/:id/topology'),
    /** CPU and memory per node and in total over a range (simulated providers generate them). */
    metrics: routeWithIdAndQuery<Out<typeof clusterMetricsSchema>, ClusterMetricsQuery>(
      '/api/clusters/:id/metrics',
    ),
    rename: routeWithId<ClusterRecord, In<typeof renameClusterSchema>>()(
      'PATCH',
      '/api/clusters/:id',
    ),
    updateNodePool: routeWithIdAnd<ClusterRecord, In<typeof updateNodePoolSchema>>()(
      'PATCH',
      '/api/clusters/:id/node-pools/:poolId',
      'poolId',
    ),
    /** The pool's Kubernetes labels and taints, whole: its nodes carry them at once. */
    updateNodePoolLabels: routeWithIdAnd<ClusterRecord, In<typeof updateNodePoolLabelsSchema>>()(
      'PUT',
      '/api/clusters/:id/node-pools/:poolId/labels',
      'poolId',
    ),
    /** The cluster's tags (cost allocation), whole. */
    updateTags: routeWithId<ClusterRecord, In<typeof updateClusterTagsSchema>>()(
      'PUT',
      '/api/clusters/:id/tags',
    ),
    /** The control-plane firewall (CIDRs allowed to reach its Kubernetes API), whole. */
    updateApiAllowlist: routeWithId<ClusterRecord, In<typeof updateApiAllowlistSchema>>()(
      'PUT',
      '/api/clusters/:id/api-allowlist',
    ),
    addNodePool: routeWithId<ClusterRecord, In<typeof addNodePoolSchema>>()(
      'POST',
      '/api/clusters/:id/node-pools',
    ),
    removeNodePool: routeWithIdAnd<ClusterRecord>()(
      'DELETE',
      '/api/clusters/:id/node-pools/:poolId',
      'poolId',
    ),
    upgrade: routeWithId<ClusterRecord, In<typeof upgradeClusterSchema>>()(
      'POST',
      '/api/clusters/:id/upgrade',
    ),
    recycleNode: routeWithIdAnd<ClusterRecord>()(
      'POST',
      '/api/clusters/:id/nodes/:nodeName/recycle',
      'nodeName',
    ),
    /** A preview cluster's expiry, from now; null keeps it for good. */
    updateExpiry: routeWithId<ClusterRecord, In<typeof updateClusterExpirySchema>>()(
      'PUT',
      '/api/clusters/:id/expiry',
    ),
    /** A Dev/Test cluster's sleep schedule; null removes it (and wakes it). */
    updateSleepSchedule: routeWithId<ClusterRecord, In<typeof updateSleepScheduleSchema>>()(
      'PUT',
      '/api/clusters/:id/sleep-schedule',
    ),
    /** The cluster's maintenance window and whether patch releases are applied in it. */
    updateMaintenance: routeWithId<ClusterRecord, In<typeof updateMaintenanceSchema>>()(
      'PUT',
      '/api/clusters/:id/maintenance',
    ),
    /** Wakes a sleeping cluster now, until its next sleep time. */
    wake: routeWithId<ClusterRecord>()('POST', '/api/clusters/:id/wake'),
    /** The body repeats the cluster's name. */
    delete: routeWithId<ClusterRecord, In<typeof deleteClusterSchema>>()(
      'DELETE',
      '/api/clusters/:id',
    ),
    /** YAML, as an attachment; running clusters only, and audited. */
    kubeconfig: routeWithId<string>()('GET', '/api/clusters/:id/kubeconfig'),
    /** Revokes every kubeconfig given out so far; the next download holds a new token. */
    rotateCredentials: routeWithId<ClusterRecord>()('POST', '/api/clusters/:id/credentials/rotate'),
    /** The tier's backup schedule and the cluster's etcd backups, newest first. */
    backups: routeWithId<Out<typeof clusterBackupsSchema>>()('GET', '/api/clusters/:id/backups'),
    /** Takes a backup now, besides the schedule (running clusters only). */
    takeBackup: routeWithId<Out<typeof backupSchema>>()('POST', '/api/clusters/:id/backups'),
    /** Restores etcd from a completed backup: an operation, the cluster `updating` meanwhile. */
    restoreBackup: routeWithIdAnd<ClusterRecord>()(
      'POST',
      '/api/clusters/:id/backups/:backupId/restore',
      'backupId',
    ),
    /** Node disks and persistent volumes; only the latter are billed as storage. */
    volumes: routeWithId<Out<typeof clusterVolumesSchema>>()('GET', '/api/clusters/:id/volumes'),
    createVolume: routeWithId<Out<typeof clusterVolumesSchema>, In<typeof createVolumeSchema>>()(
      'POST',
      '/api/clusters/:id/volumes',
    ),
    deleteVolume: routeWithIdAnd<Out<typeof clusterVolumesSchema>>()(
      'DELETE',
      '/api/clusters/:id/volumes/:volumeId',
      'volumeId',
    ),
    loadBalancers: routeWithId<Out<typeof clusterLoadBalancersSchema>>()(
      'GET',
      '/api/clusters/:id/load-balancers',
    ),
    createLoadBalancer: routeWithId<
      Out<typeof clusterLoadBalancersSchema>,
      In<typeof createLoadBalancerSchema>
    >()('POST', '/api/clusters/:id/load-balancers'),
    deleteLoadBalancer: routeWithIdAnd<Out<typeof clusterLoadBalancersSchema>>()(
      'DELETE',
      '/api/clusters/:id/load-balancers/:loadBalancerId',
      'loadBalancerId',
    ),
  },
  addons: {
    /** Needs an `Idempotency-Key` header; answers the order (kind `addon`) to pay. */
    order: route<Out<typeof orderSchema>, In<typeof createAddonOrderSchema>>()(
      'POST',
      '/api/addons/orders',
    ),
    /** Every catalog add-on on one cluster: installed or not, its prorated price and credit. */
    forCluster: routeWithId<Out<typeof clusterAddonsSchema>>()('GET', '/api/clusters/:id/addons'),
    /** Removes an installed add-on: a change of the cluster, and a prorated credit. */
    remove: routeWithIdAnd<ClusterRecord>()('DELETE', '/api/clusters/:id/addons/:slug', 'slug'),
  },
  highAvailability: {
    /** What making the control plane highly available costs now, or why it cannot be done. */
    quote: routeWithId<Out<typeof clusterHaQuoteSchema>>()(
      'GET',
      '/api/clusters/:id/high-availability',
    ),
    /** Needs an `Idempotency-Key` header; answers the order (kind `high_availability`) to pay. */
    order: routeWithId<Out<typeof orderSchema>, In<typeof createHaOrderSchema>>()(
      'POST',
      '/api/clusters/:id/high-availability',
    ),
  },
  providers: {
    health: routeWithSlug<Out<typeof providerHealthSchema>>()('GET', '/api/providers/:slug/health'),
    /** A dry run: what the provider's driver says of a configuration, without creating it. */
    validate: routeWithSlug<
      Out<typeof providerValidationSchema>,
      In<typeof providerValidateSchema>
    >()('POST', '/api/providers/:slug/validate'),
  },
  billing: {
    gateway: route<Out<typeof paymentGatewayInfoSchema>>()('GET', '/api/billing/gateway'),
    paymentMethods: route<Out<typeof paymentMethodSchema>[]>()(
      'GET',
      '/api/billing/payment-methods',
    ),
    addPaymentMethod: route<Out<typeof paymentMethodSchema>, In<typeof addPaymentMethodSchema>>()(
      'POST',
      '/api/billing/payment-methods',
    ),
    removePaymentMethod: routeWithId<NoContent>()('DELETE', '/api/billing/payment-methods/:id'),
    setDefaultPaymentMethod: routeWithId<Out<typeof paymentMethodSchema>>()(
      'PUT',
      '/api/billing/payment-methods/:id/default',
    ),
    /** The balance and its newest movements. */
    credits: route<Out<typeof creditsSchema>>()('GET', '/api/billing/credits'),
    /** Platform operators: credit for any organization, with a reason. */
    grantCredit: route<Out<typeof creditEntrySchema>, In<typeof grantCreditSchema>>()(
      'POST',
      '/api/billing/credits',
    ),
    /** Redeems a credit code for the caller's organization: once per organization and code. */
    redeemCreditCode: route<Out<typeof creditEntrySchema>, In<typeof redeemCreditCodeSchema>>()(
      'POST',
      '/api/billing/credits/redeem',
    ),
    /** Platform operators: the credit codes, newest first. */
    creditCodes: route<Out<typeof creditCodeSchema>[]>()('GET', '/api/billing/credit-codes'),
    /** Platform operators: issues a code with an amount, a last day and a number of uses. */
    createCreditCode: route<Out<typeof creditCodeSchema>, In<typeof createCreditCodeSchema>>()(
      'POST',
      '/api/billing/credit-codes',
    ),
    /** Platform operators: no organization may redeem it any more. */
    revokeCreditCode: routeWithId<Out<typeof creditCodeSchema>>()(
      'DELETE',
      '/api/billing/credit-codes/:id',
    ),
    summary: route<Out<typeof billingSummarySchema>>()('GET', '/api/billing/summary'),
    plans: route<Out<typeof billingPlansSchema>>()('GET', '/api/billing/plans'),
    /** Answers the order of kind `support` to pay. */
    changePlan: route<Out<typeof orderSchema>, In<typeof changePlanSchema>>()(
      'PUT',
      '/api/billing/plans',
    ),
    details: route<Out<typeof billingDetailsSchema>>()('GET', '/api/billing/details'),
    updateDetails: route<Out<typeof billingDetailsSchema>, In<typeof updateBillingDetailsSchema>>()(
      'PUT',
      '/api/billing/details',
    ),
    invoices: route<Out<typeof invoiceSummarySchema>[]>()('GET', '/api/billing/invoices'),
    invoice: routeWithId<Out<typeof invoiceSchema>>()('GET', '/api/billing/invoices/:id'),
    /** application/pdf, as an attachment. */
    invoicePdf: routeWithId<Blob>()('GET', '/api/billing/invoices/:id/pdf'),
    /** application/pdf: the credit note a voided paid invoice gave. */
    creditNotePdf: routeWithId<Blob>()('GET', '/api/billing/credit-notes/:id/pdf'),
    /** text/csv: the invoice's period's usage, one row per cluster, metric and hour. */
    invoiceUsageCsv: routeWithId<string>()('GET', '/api/billing/invoices/:id/usage.csv'),
    /** Charges the amount due of an open invoice again (credit first, then the default card). */
    payInvoice: routeWithId<Out<typeof invoiceSchema>>()('POST', '/api/billing/invoices/:id/pay'),
    /** Platform operators. */
    voidInvoice: routeWithId<Out<typeof invoiceSchema>, In<typeof voidInvoiceSchema>>()(
      'POST',
      '/api/billing/invoices/:id/void',
    ),
    /** Charges an overdue renewal now; paying the last one lifts the ordering suspension. */
    payRenewal: routeWithId<Out<typeof billingSummarySchema>>()(
      'POST',
      '/api/billing/renewals/:id/pay',
    ),
    budget: route<Out<typeof budgetSchema>>()('GET', '/api/billing/budget'),
    updateBudget: route<Out<typeof budgetSchema>, In<typeof updateBudgetSchema>>()(
      'PUT',
      '/api/billing/budget',
    ),
  },
  usage: {
    /** `format: 'csv'` answers text/csv with the same rows. */
    report: {
      method: 'GET',
      pattern: '/api/usage',
      path: (query: UsageQuery) => queryPath('/api/usage', query),
    } as Endpoint<
      Out<typeof usageReportSchema>,
      undefined,
      [query: UsageQuery],
      'GET',
      never,
      UsageQuery
    >,
  },
  publicForms: {
    contact: route<LeadAnswer, In<typeof contactSchema>>()('POST', '/api/leads/contact'),
    sales: route<LeadAnswer, In<typeof contactSalesSchema>>()('POST', '/api/leads/sales'),
    customQuote: route<LeadAnswer, In<typeof customQuoteSchema>>()(
      'POST',
      '/api/leads/custom-quote',
    ),
    workloadMigration: route<LeadAnswer, In<typeof workloadMigrationSchema>>()(
      'POST',
      '/api/leads/workload-migration',
    ),
    jobApplication: route<LeadAnswer, In<typeof jobApplicationSchema>>()(
      'POST',
      '/api/careers/apply',
    ),
    /** GET with `?date=YYYY-MM-DD`. */
    demoSlots: {
      method: 'GET',
      pattern: '/api/leads/demo-slots',
      path: (date: string) => `/api/leads/demo-slots?date=${encodeURIComponent(date)}`,
    } as Endpoint<DemoSlots, undefined, [date: string], 'GET', never, { date: string }>,
    scheduleDemo: route<LeadAnswer, In<typeof scheduleDemoSchema>>()('POST', '/api/leads/demo'),
    newsletterSubscribe: route<LeadAnswer, In<typeof newsletterSchema>>()(
      'POST',
      '/api/newsletter/subscribe',
    ),
    newsletterConfirm: route<LeadAnswer, In<typeof newsletterTokenSchema>>()(
      'POST',
      '/api/newsletter/confirm',
    ),
    newsletterUnsubscribe: route<LeadAnswer, In<typeof newsletterTokenSchema>>()(
      'POST',
      '/api/newsletter/unsubscribe',
    ),
  },
  support: {
    submitTicket: route<TicketCreated, In<typeof submitTicketSchema>>()(
      'POST',
      '/api/public/tickets',
    ),
    lookupTicket: route<Out<typeof publicTicketSchema>, In<typeof trackTicketSchema>>()(
      'POST',
      '/api/public/tickets/lookup',
    ),
    replyToTicket: route<Out<typeof publicTicketSchema>, In<typeof ticketReplySchema>>()(
      'POST',
      '/api/public/tickets/reply',
    ),
    /** Signed in. Newest first, a page of `limit` before the id `before`. */
    tickets: routeWithQuery<Out<typeof ticketSummarySchema>[], TicketListQuery>(
      '/api/support/tickets',
    ),
    /** multipart/form-data (fields and files): sent with `requestForm`, not `request`. */
    createTicket: route<Out<typeof ticketSchema>, FormData>()('POST', '/api/support/tickets'),
    ticket: routeWithId<Out<typeof ticketSchema>>()('GET', '/api/support/tickets/:id'),
    /** multipart/form-data. */
    replyTicket: routeWithId<Out<typeof ticketSchema>, FormData>()(
      'POST',
      '/api/support/tickets/:id/messages',
    ),
    ticketStatus: routeWithId<Out<typeof ticketSchema>, In<typeof ticketStatusChangeSchema>>()(
      'POST',
      '/api/support/tickets/:id/status',
    ),
    /** The file itself, as an attachment: a link's href, not a fetch. */
    attachment: routeWithIdAnd<Blob>()(
      'GET',
      '/api/support/tickets/:id/attachments/:attachmentId',
      'attachmentId',
    ),
    /** multipart/form-data: a sales ticket of kind custom_solution. */
    customSolution: route<Out<typeof ticketSchema>, FormData>()(
      'POST',
      '/api/support/custom-solutions',
    ),
    /** Staff (super admins): every ticket, soonest-missed response target first. */
    queue: routeWithQuery<Out<typeof queuePageSchema>, QueueQuery>('/api/support/queue'),
    queueTicket: routeWithId<Out<typeof ticketSchema>>()('GET', '/api/support/queue/:id'),
    assignToMe: routeWithId<Out<typeof ticketSchema>>()('POST', '/api/support/queue/:id/assign'),
    /** multipart/form-data: `body`, `internal` (a note), files. */
    staffMessage: routeWithId<Out<typeof ticketSchema>, FormData>()(
      'POST',
      '/api/support/queue/:id/messages',
    ),
    staffStatus: routeWithId<Out<typeof ticketSchema>, In<typeof ticketStatusChangeSchema>>()(
      'POST',
      '/api/support/queue/:id/status',
    ),
    staffAttachment: routeWithIdAnd<Blob>()(
      'GET',
      '/api/support/queue/:id/attachments/:attachmentId',
      'attachmentId',
    ),
  },
  /** Platform operators (super admins): every organization, and officers' access. */
  operators: {
    /** Pending approval first unless a status is asked for; `counts` per status for the tabs. */
    organizations: routeWithQuery<
      Out<typeof operatorOrganizationPageSchema>,
      OperatorOrganizationQuery
    >('/api/admin/organizations'),
    organization: routeWithId<Out<typeof operatorOrganizationDetailSchema>>()(
      'GET',
      '/api/admin/organizations/:id',
    ),
    /** pending_approval → active; 409 otherwise. */
    approve: routeWithId<Out<typeof operatorOrganizationDetailSchema>>()(
      'POST',
      '/api/admin/organizations/:id/approve',
    ),
    /** active → suspended, with the reason its members are shown; 409 otherwise. */
    suspend: routeWithId<
      Out<typeof operatorOrganizationDetailSchema>,
      In<typeof suspendOrganizationSchema>
    >()('POST', '/api/admin/organizations/:id/suspend'),
    /** suspended → active; 409 otherwise. */
    reinstate: routeWithId<Out<typeof operatorOrganizationDetailSchema>>()(
      'POST',
      '/api/admin/organizations/:id/reinstate',
    ),
    /** Every user of the organization, with their officer access. */
    users: routeWithId<Out<typeof operatorUserSchema>[]>()(
      'GET',
      '/api/admin/organizations/:id/users',
    ),
    /** Grants or revokes a user's officer access (any organization's user, oneself too). */
    officerAccess: routeWithId<
      Out<typeof operatorUserSchema>,
      In<typeof officerAccessChangeSchema>
    >()('PUT', '/api/admin/users/:id/officer-access'),
  },
  /** An organization's own activity log, for its admins (a super admin names the organization). */
  activity: {
    /** Newest first, a page of `limit` before the id `before`. */
    events: routeWithQuery<Out<typeof activityPageSchema>, ActivityQuery>('/api/admin/activity'),
    /** The same filter as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS rows: a link's href. */
    eventsCsv: routeWithQuery<Blob, ActivityFilter>('/api/admin/activity.csv'),
  },
  /** The compliance officers' panel (access `officer`): platform-wide, every organization. */
  officers: {
    /** Newest first, a page of `limit` before the id `before`. */
    auditEvents: routeWithQuery<Out<typeof auditPageSchema>, AuditQuery>(
      '/api/officers/audit-events',
    ),
    /** The same filter as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS rows: a link's href. */
    auditEventsCsv: routeWithQuery<Blob, AuditFilter>('/api/officers/audit-events.csv'),
    /** People by username, e-mail or name (at most 20). */
    people: {
      method: 'GET',
      pattern: '/api/officers/people',
      path: (q: string) => queryPath('/api/officers/people', { q }),
    } as Endpoint<Out<typeof personSchema>[], undefined, [q: string], 'GET', never, { q: string }>,
    dataSubjectRequests: route<Out<typeof dataSubjectRequestSchema>[]>()(
      'GET',
      '/api/officers/data-subject-requests',
    ),
    /** Answers the person's data as a .zip (GDPR art. 15). */
    exportPerson: route<Blob, In<typeof dataExportSchema>>()(
      'POST',
      '/api/officers/data-subject-requests/export',
    ),
    /** Replaces the person by a pseudonym everywhere (GDPR art. 17). */
    erasePerson: route<Out<typeof dataSubjectRequestSchema>, In<typeof erasureSchema>>()(
      'POST',
      '/api/officers/data-subject-requests/erasure',
    ),
    residency: route<Out<typeof residencyReportSchema>>()('GET', '/api/officers/residency'),
    /** text/csv: a link's href. */
    residencyCsv: route<string>()('GET', '/api/officers/residency.csv'),
  },
  /** Personal API tokens (session only: a token cannot manage tokens). */
  apiTokens: {
    mine: route<Out<typeof apiTokenSchema>[]>()('GET', '/api/api-tokens'),
    /** The same list for any of the owner's tokens too, the calling one marked `current`. */
    mineForToken: route<Out<typeof ownApiTokenSchema>[]>()('GET', '/api/api-tokens/mine'),
    /** Answers the token itself, this once. */
    create: route<Out<typeof createdApiTokenSchema>, CreateApiToken>()('POST', '/api/api-tokens'),
    revoke: routeWithId<Out<typeof apiTokenSchema>>()('DELETE', '/api/api-tokens/:id'),
    /** The organization's tokens with their owners (super admins: any, by `organizationId`). */
    organization: routeWithQuery<Out<typeof adminApiTokenSchema>[], AdminApiTokenQuery>(
      '/api/admin/api-tokens',
    ),
    adminRevoke: routeWithId<Out<typeof adminApiTokenSchema>>()(
      'DELETE',
      '/api/admin/api-tokens/:id',
    ),
  },
  /**
   * An organization's people, for its admins (a super admin: any organization, by the optional
   * `organizationId`), invitations, and members' requests to become admins.
   */
  members: {
    /** Newest first, a page of `limit` before the id `before`; `q` and `status` filter. */
    users: routeWithQuery<Out<typeof memberSchema>[], MemberListQuery>('/api/admin/users'),
    /** People who registered into the organization and wait for an admin, oldest first. */
    registrations: routeWithQuery<Out<typeof memberSchema>[], OrganizationScopeQuery>(
      '/api/admin/registrations',
    ),
    approveRegistration: routeWithId<Out<typeof memberSchema>>()(
      'POST',
      '/api/admin/registrations/:id/approve',
    ),
    rejectRegistration: routeWithId<
      Out<typeof memberSchema>,
      In<typeof rejectRegistrationSchema>
    >()('POST', '/api/admin/registrations/:id/reject'),
    changeRole: routeWithId<Out<typeof memberSchema>, In<typeof changeRoleSchema>>()(
      'PUT',
      '/api/admin/users/:id/role',
    ),
    disable: routeWithId<Out<typeof memberSchema>, In<typeof disableMemberSchema>>()(
      'POST',
      '/api/admin/users/:id/disable',
    ),
    enable: routeWithId<Out<typeof memberSchema>>()('POST', '/api/admin/users/:id/enable'),
    /** Deletes the account, or disables it when orders, tickets or payments still name it. */
    remove: routeWithId<Out<typeof removalSchema>>()('DELETE', '/api/admin/users/:id'),
    /** Pending invitations (not used, revoked or expired), newest first. */
    invitations: routeWithQuery<Out<typeof invitationSchema>[], OrganizationScopeQuery>(
      '/api/admin/invitations',
    ),
    invite: route<Out<typeof invitationSchema>, In<typeof inviteSchema>>()(
      'POST',
      '/api/admin/invitations',
    ),
    revokeInvitation: routeWithId<NoContent>()('DELETE', '/api/admin/invitations/:id'),
    /** Public: what an invitation link offers; 404 unknown, 410 used, revoked or expired. */
    lookupInvitation: {
      method: 'GET',
      pattern: '/api/invitations/:token',
      path: (token: string) => `/api/invitations/${encodeURIComponent(token)}`,
    } as Endpoint<Out<typeof invitationLookupSchema>, undefined, [token: string], 'GET', 'token'>,
    summary: routeWithQuery<Out<typeof membersSummarySchema>, OrganizationScopeQuery>(
      '/api/admin/people/summary',
    ),
    setMfaRequired: route<Out<typeof membersSummarySchema>, In<typeof mfaRequirementSchema>>()(
      'PUT',
      '/api/admin/organization/mfa-required',
    ),
    /** Any approved member's view of their own organization's residency policy (the wizard's). */
    ownResidencyPolicy: route<Out<typeof organizationResidencySchema>>()(
      'GET',
      '/api/organization/residency',
    ),
    /** Where the organization's clusters and products may keep data (EU only, or any). */
    residencyPolicy: routeWithQuery<
      Out<typeof organizationResidencySchema>,
      OrganizationScopeQuery
    >('/api/admin/organization/residency'),
    setResidencyPolicy: route<
      Out<typeof organizationResidencySchema>,
      In<typeof setResidencyPolicySchema>
    >()('PUT', '/api/admin/organization/residency'),
    /** The organization's e-mail domain, the TXT record that proves it, and whether it did. */
    domain: routeWithQuery<Out<typeof organizationDomainSchema>, OrganizationScopeQuery>(
      '/api/admin/organization/domain',
    ),
    /** Names (or renames) the domain: a new record to publish, not verified until checked. */
    setDomain: route<
      Out<typeof organizationDomainSchema>,
      In<typeof setOrganizationDomainSchema>
    >()('PUT', '/api/admin/organization/domain'),
    /** Looks the TXT record up now: found, not found or resolver error. */
    verifyDomain: route<Out<typeof domainCheckSchema>, In<typeof verifyOrganizationDomainSchema>>()(
      'POST',
      '/api/admin/organization/domain/verify',
    ),
    promotionRequests: routeWithQuery<Out<typeof promotionRequestSchema>[], PromotionListQuery>(
      '/api/admin/promotion-requests',
    ),
    approvePromotion: routeWithId<
      Out<typeof promotionRequestSchema>,
      In<typeof approvePromotionSchema>
    >()('POST', '/api/admin/promotion-requests/:id/approve'),
    refusePromotion: routeWithId<
      Out<typeof promotionRequestSchema>,
      In<typeof refusePromotionSchema>
    >()('POST', '/api/admin/promotion-requests/:id/refuse'),
    /** The signed-in member's own latest request, or null. */
    ownPromotionRequest: route<Out<typeof ownPromotionRequestSchema>>()(
      'GET',
      '/api/promotion-requests/mine',
    ),
    requestPromotion: route<
      Out<typeof promotionRequestSchema>,
      In<typeof promotionRequestInputSchema>
    >()('POST', '/api/promotion-requests'),
  },
  /** Registered only when APP_ENV=development. */
  dev: {
    users: route<DevUser[]>()('GET', '/api/dev/users'),
    login: route<UserRecord, In<typeof devLoginSchema>>()('POST', '/api/dev/login'),
    mailbox: route<Out<typeof devMailSchema>[]>()('GET', '/api/dev/mailbox'),
    notify: route<Out<typeof notificationSchema>, { type?: NotificationType; message: string }>()(
      'POST',
      '/api/dev/notify',
    ),
    /** Makes the simulated providers fail a step, for tests and demos of failure. */
    providerFaults: route<NoContent, { step: string; times: number; message?: string }>()(
      'POST',
      '/api/dev/provider-faults',
    ),
    /**
     * Runs the sweep of expiries and idle deletions for one cluster of the caller's organization
     * as if it were `at`: the end-to-end tests' clock, touching no other cluster.
     */
    sweepCluster: routeWithId<{ expired: number[]; idle: number[] }, { at: string }>()(
      'POST',
      '/api/dev/clusters/:id/sweep',
    ),
    /**
     * Runs the maintenance sweep for one cluster of the caller's organization as if it were
     * `at`: the end-to-end tests' clock for a window and its automatic upgrade.
     */
    sweepMaintenance: routeWithId<
      { upgraded: number[]; notices: { clusterId: number; days: number }[] },
      { at: string }
    >()('POST', '/api/dev/clusters/:id/maintenance-sweep'),
    /** Closes the month up to now (the caller's organization unless one is named): its invoice. */
    closeMonth: route<Out<typeof closeMonthResultSchema>, In<typeof closeMonthSchema>>()(
      'POST',
      '/api/dev/billing/close-month',
    ),
    /**
     * Meters the caller's organization up to now, the hour under way included, so that usage
     * shows at once (the rest of that hour is then not metered: development only).
     */
    meterNow: route<{ records: number }>()('POST', '/api/dev/usage/meter-now'),
  },
} as const;

export type Endpoints = typeof endpoints;
