import type { FastifyBaseLogger } from 'fastify';
import { createOrganizationAnswers } from './http/organization-answers.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Infrastructure } from './infrastructure.ts';
import { createDirectoryFileStore } from './files/directory-file-store.ts';
import { createS3FileStore } from './files/s3-file-store.ts';
import { createSealer } from './lib/crypto.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { createJobRunner } from './jobs/job-queue.ts';
import {
  createMailboxTransport,
  registerMailDelivery,
  createMailThrottle,
  createSmtpTransport,
  type MailThrottle,
  type MailTransport,
} from './modules/mail/index.ts';
import { type AuthService, createAuthService } from './modules/auth/index.ts';
import { createLeadService, type LeadService } from './modules/leads/index.ts';
import { createNewsletterService, type NewsletterService } from './modules/newsletter/index.ts';
import {
  createNotificationService,
  type NotificationService,
} from './modules/notifications/index.ts';
import {
  type CatalogService,
  createCatalogService,
  createPlatformService,
  type PlatformService,
} from './modules/platform/index.ts';
import { createCreditService, type CreditService } from './modules/credits/index.ts';
import {
  createPaymentMethodService,
  createTestGateway,
  type PaymentGateway,
  type PaymentMethodService,
} from './modules/payments/index.ts';
import { createVpcService, type VpcService } from './modules/networks/index.ts';
import {
  clusterMadeByOrder,
  clustersInVpcs,
  countClusters,
  createClusterService,
  hasRenewingClusters,
  type ClusterService,
} from './modules/clusters/index.ts';
import {
  createBillingService,
  createSimulatedVatRegistry,
  createViesClient,
  liveSubscriptionsOf,
  paidRenewalCents,
  prepaidConfigsOf,
  type BillingService,
  type VatRegistry,
} from './modules/billing/index.ts';
import {
  createBillingSummaryService,
  type BillingSummaryService,
} from './modules/billing-summary/index.ts';
import { createUsageService, type UsageService } from './modules/usage/index.ts';
import { createInvoiceService, type InvoiceService } from './modules/invoices/index.ts';
import { createProviderRegistry, type ProviderRegistry } from './modules/providers/index.ts';
import {
  createProductOperations,
  createProductService,
  productMadeByOrder,
  type ProductOperations,
  type ProductService,
} from './modules/products/index.ts';
import { createKubeApiTls, type KubeApiTls } from './modules/kube-api/index.ts';
import {
  countOrders,
  createOrderFulfilment,
  createOrderPayments,
  createOrderService,
  type OrderPayments,
  type OrderService,
} from './modules/orders/index.ts';
import { createQuoteService, type QuoteService } from './modules/quotes/index.ts';
import { createAddonService, settleAddonOrder, type AddonService } from './modules/addons/index.ts';
import {
  createHaService,
  settleHaOrder,
  type HaService,
} from './modules/high-availability/index.ts';
import {
  type BearerTokenThrottle,
  createBearerTokenThrottle,
  createMemoryRateLimiter,
  createRateLimiter,
  type MemoryRateLimiter,
  type RateLimiter,
} from './modules/rate-limit/index.ts';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/index.ts';
import { createSessionStore, type SessionStore } from './modules/sessions/index.ts';
import {
  createPublicTicketService,
  createTicketService,
  type PublicTicketService,
  type TicketService,
} from './modules/support/index.ts';
import { createOfficerService, type OfficerService } from './modules/officers/index.ts';
import { createOrganizationActivity, type OrganizationActivity } from './modules/audit/index.ts';
import { type AccountService, createAccountService } from './modules/account/index.ts';
import { createOperatorService, type OperatorService } from './modules/operators/index.ts';
import { type ApiTokenService, createApiTokenService } from './modules/api-tokens/index.ts';
import {
  createInvitationService,
  createMemberService,
  createOrganizationSettings,
  createTxtLookup,
  createPromotionService,
  type InvitationService,
  type MemberService,
  type OrganizationSettings,
  type PromotionService,
} from './modules/members/index.ts';

/**
 * The composition root: every service, built once per process from the config and the
 * database, each given by name what it depends on. Routes and job handlers reach them here;
 * none is built anywhere else, and no module imports this file (a module names what it needs
 * in its own dependency type, which lint checks).
 */
export interface Services extends Infrastructure {
  sessions: SessionStore;
  notifications: NotificationService;
  catalog: CatalogService;
  /** The sidebar's counts and the health probe. */
  platform: PlatformService;
  credits: CreditService;
  realtime: RealtimeHub;
  rateLimit: RateLimiter;
  memoryRateLimit: MemoryRateLimiter;
  /** Wrong API tokens and Kubernetes API credentials, per address. */
  bearerTokenThrottle: BearerTokenThrottle;
  mailTransport: MailTransport;
  mailThrottle: MailThrottle;
  auth: AuthService;
  account: AccountService;
  members: MemberService;
  organizationSettings: OrganizationSettings;
  invitations: InvitationService;
  promotions: PromotionService;
  leads: LeadService;
  newsletter: NewsletterService;
  publicTickets: PublicTicketService;
  tickets: TicketService;
  officers: OfficerService;
  organizationActivity: OrganizationActivity;
  quotes: QuoteService;
  operators: OperatorService;
  paymentGateway: PaymentGateway;
  /** Confirms VAT numbers before the reverse charge applies. */
  vatRegistry: VatRegistry;
  paymentMethods: PaymentMethodService;
  orders: OrderService;
  orderPayments: OrderPayments;
  providers: ProviderRegistry;
  /** The Kubernetes API's own TLS certificate, where the public origin is not https. */
  kubeApiTls: KubeApiTls | null;
  clusters: ClusterService;
  vpcs: VpcService;
  billing: BillingService;
  usage: UsageService;
  billingSummary: BillingSummaryService;
  invoices: InvoiceService;
  addons: AddonService;
  highAvailability: HaService;
  products: ProductService;
  productOperations: ProductOperations;
  apiTokens: ApiTokenService;
}

function createFileStore(config: AppConfig, database: Database, log: FastifyBaseLogger) {
  const settings = config.fileStore;
  if (settings.kind === 's3') return createS3FileStore(settings);
  if (database.kind === 'postgres' && !settings.explicit) {
    log.warn(
      `Files are kept in ${settings.directory}, on this machine only: with several instances on ` +
        'one PostgreSQL, set FILE_STORE_S3_BUCKET (or FILE_STORE_DIR to a directory they all mount).',
    );
  }
  return createDirectoryFileStore(settings.directory);
}

export function createServices(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  overrides: { mailTransport?: MailTransport } = {},
): Services {
  const { db } = database;
  const mailTransport =
    overrides.mailTransport ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom)
      : createMailboxTransport(log));
  const jobs = createJobRunner(database, log);
  registerMailDelivery(jobs, { db, transport: mailTransport, from: config.mailFrom });
  const rateLimit = createRateLimiter(db, jobs);
  const sessions = createSessionStore(database, {
    idleMs: config.sessionIdleHours * 3_600_000,
    maxAgeMs: config.sessionMaxDays * 86_400_000,
  });
  // The infrastructure every domain service may name as a dependency.
  const shared = {
    config,
    database,
    db,
    fileStore: createFileStore(config, database, log),
    jobs,
    organizationAnswers: createOrganizationAnswers(database),
    rateLimit,
    memoryRateLimit: createMemoryRateLimiter(),
    bearerTokenThrottle: createBearerTokenThrottle(rateLimit),
    sessions,
    mailTransport,
    passwords: createPasswordHasher(config.hashConcurrency),
    sealer: createSealer(config.sessionSecret),
    mailThrottle: createMailThrottle(rateLimit, config.mailLimitPerIp),
    notifications: createNotificationService(database),
    catalog: createCatalogService(database),
    realtime: createRealtimeHub(database, sessions, log),
    // The embedded test gateway until a real processor's driver is configured.
    paymentGateway: createTestGateway({ db, config }) as PaymentGateway,
    // The EU's VIES service, or, in development and tests unless VIES_URL says otherwise, the
    // embedded simulated registry.
    vatRegistry: config.viesUrl ? createViesClient(config.viesUrl) : createSimulatedVatRegistry(),
    // The embedded simulated providers until a real provider's driver is configured.
    providers: createProviderRegistry(config),
    kubeApiTls:
      config.kubeApiPort === null
        ? null
        : createKubeApiTls({
            dataDir: config.dataDir,
            hosts: [...new Set(['localhost', '127.0.0.1', new URL(config.kubeApiUrl).hostname])],
            maxConnectionsPerAddress: config.maxConnectionsPerAddress,
          }),
  };
  // Orders first: the modules that sell a kind place its orders and answer them with the
  // order service, which reads what a paid order made with those modules' plain functions.
  const orders = createOrderService({
    ...shared,
    made: { cluster: clusterMadeByOrder, product: productMadeByOrder },
  });
  // Billing next: the clusters and the orders' payments tell it what was paid and what went.
  const billing = createBillingService(shared);
  // A cluster's provisioning ends its order, and an add-on's installation the add-on's order.
  const clusters = createClusterService({
    ...shared,
    orders,
    assertOrderingAllowed: billing.assertOrderingAllowed,
    orderHooks: {
      ...createOrderFulfilment(),
      addonSettled: settleAddonOrder,
      haSettled: settleHaOrder,
    },
    billingHooks: billing.clusterHooks,
  });
  const paymentMethods = createPaymentMethodService({
    ...shared,
    hasClusters: hasRenewingClusters,
  });
  // A product's jobs end its order and tell billing, through hooks, as a cluster's do.
  const productOperations = createProductOperations({
    ...shared,
    orderHooks: createOrderFulfilment(),
    billingHooks: billing.productHooks,
  });
  const products = createProductService({
    ...shared,
    orders,
    assertOrderingAllowed: billing.assertOrderingAllowed,
    operations: productOperations,
    billingHooks: billing.productHooks,
  });
  // Metering and the budgets read what billing prepaid and charged; billing sits above usage.
  const usage = createUsageService({
    ...shared,
    log,
    billingReads: { prepaidConfigs: prepaidConfigsOf, paidRenewalCents },
  });
  // A paid add-on order is installed by the add-ons module's job, once its cluster is free.
  const addons = createAddonService({ ...shared, clusters, orders, billing });
  // A paid high-availability order starts its cluster's operation, as an add-on's does.
  const highAvailability = createHaService({ ...shared, clusters, orders });
  return {
    ...shared,
    orders,
    paymentMethods,
    clusters,
    vpcs: createVpcService({ ...shared, log, clustersInVpcs }),
    billing,
    usage,
    billingSummary: createBillingSummaryService({ ...shared, usage }),
    invoices: createInvoiceService({ ...shared, usage }),
    addons,
    highAvailability,
    products,
    productOperations,
    orderPayments: createOrderPayments({
      ...shared,
      orders,
      paymentMethods,
      // Each kind of order is set up, once paid, by the module that sells it.
      kinds: {
        cluster: clusters.orderKind,
        support: billing.supportOrderKind,
        addon: addons.orderKind,
        high_availability: highAvailability.orderKind,
        product: productOperations.orderKind,
      },
    }),
    platform: createPlatformService({
      ...shared,
      counters: { clusters: countClusters, orders: countOrders },
    }),
    credits: createCreditService(shared),
    auth: createAuthService(shared),
    account: createAccountService(shared),
    members: createMemberService(shared),
    organizationSettings: createOrganizationSettings({
      db,
      txt: createTxtLookup(config.dnsResolver),
    }),
    invitations: createInvitationService(shared),
    promotions: createPromotionService(shared),
    leads: createLeadService(shared),
    newsletter: createNewsletterService(shared),
    publicTickets: createPublicTicketService(shared),
    tickets: createTicketService(shared),
    officers: createOfficerService({
      ...shared,
      // The last person of an organization leaves nothing renewing that nobody would see.
      stillBilled: async (tx, organizationId) =>
        (await hasRenewingClusters(tx, organizationId)) ||
        (await liveSubscriptionsOf(tx, organizationId)).length > 0,
    }),
    organizationActivity: createOrganizationActivity({ db }),
    quotes: createQuoteService(shared),
    operators: createOperatorService(shared),
    apiTokens: createApiTokenService(shared),
  };
}
