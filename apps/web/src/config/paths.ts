/**
 * A parameterised path: call it for a link, read `.pattern` for the route table.
 */
function param<Args extends unknown[]>(pattern: string, build: (...args: Args) => string) {
  return Object.assign(build, { pattern });
}

/**
 * Every route path of the app, in one place: links call these and the route tables mount
 * them, so a link and its route cannot drift apart. Parameterised paths are functions with
 * their route pattern in `.pattern`.
 */
export const paths = {
  // Public
  home: '/',
  french: '/fr',
  pricing: '/pricing',
  documentation: '/documentation',
  tutorials: '/tutorials',
  tutorial: param('/tutorials/:slug', (slug: string) => `/tutorials/${encodeURIComponent(slug)}`),
  support: '/support',
  auth: '/auth',
  /** The registration tab of /auth; invitation links (`?invitation=`) land here. */
  register: '/register',
  devLogin: '/dev-login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  verifyRegistrationEmail: '/verify-registration-email',
  magicLinkLogin: '/magic-link-login',
  magicLink: '/magic-link',
  scheduleDemo: '/schedule-demo',
  contactSales: '/contact-sales',
  customQuote: '/custom-quote',
  workloadMigration: '/workload-migration',
  about: '/about',
  careers: '/careers',
  privacyPolicy: '/privacy-policy',
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  faq: '/faq',
  apiReference: '/api-reference',
  caseStudies: '/case-studies',
  newsletter: '/newsletter',
  testService: '/test-service',
  currencyTest: '/currency-test',
  clusterType: param(
    '/cluster-types/:type',
    (type: string) => `/cluster-types/${encodeURIComponent(type)}`,
  ),
  /** The short aliases of a cluster-type page: `/blue-cluster`, `/blue-cluster-page`. */
  clusterTypeAlias: (type: string) => `/${type}-cluster`,
  clusterTypePageAlias: (type: string) => `/${type}-cluster-page`,
  technicalSupport: '/technical-support',
  billingSupport: '/billing-support',
  submitTicket: '/submit-ticket',
  trackTicket: '/track-ticket',

  // Signed in, dashboard layout
  dashboard: '/dashboard',
  profile: '/profile',
  account: '/account',
  myClusters: '/my-clusters',
  cluster: param('/clusters/:id', (id: string | number) => `/clusters/${id}`),
  clusterDetail: param('/cluster-detail/:id', (id: string | number) => `/cluster-detail/${id}`),
  clusterTopology: param(
    '/clusters/:id/topology',
    (id: string | number) => `/clusters/${id}/topology`,
  ),
  orders: '/orders',
  clusterOrders: '/orders/clusters',
  productOrders: '/orders/products',
  productOrder: param('/orders/products/:id', (id: string | number) => `/orders/products/${id}`),
  supportOrders: '/orders/support',
  supportOrder: param('/orders/support/:id', (id: string | number) => `/orders/support/${id}`),
  addonOrders: '/orders/addons',
  marketplace: '/marketplace',
  customSolutions: '/custom-solutions',
  billing: '/billing',
  usage: '/usage',
  officersPanel: '/officers/panel',
  userManagement: '/user-management',
  pendingRegistrations: '/admin/pending-registrations',
  promotionRequests: '/admin/promotion-requests',
  organizationUsers: '/admin/organization-users',
  supportQueue: '/admin/support-queue',
  adminOrganizations: '/admin/organizations',
  adminOrganization: param(
    '/admin/organizations/:id',
    (id: string | number) => `/admin/organizations/${id}`,
  ),
  apiTokensAdmin: '/admin/api-tokens',
  settings: '/settings',
  simpleSettings: '/simple-settings',
  addOns: '/add-ons',
  priceEstimator: '/price-estimator',
  paymentSuccess: '/payment-success',

  // Signed in, plain layout
  clusterTopologyOverview: '/cluster-topology',
  clusterSelection: '/cluster-selection',
  smartSuggestions: '/smart-suggestions',
  providerTest: (provider: ProviderTestSlug) => `/${provider}-test`,
  orderStatusList: '/order-status',
  orderStatus: param('/order-status/:id', (id: string | number) => `/order-status/${id}`),
  /** Paying any order that is not a cluster's (those resume in the wizard). */
  checkout: param('/checkout/:id', (id: string | number) => `/checkout/${id}`),
  clusterStatus: param('/clusters/:id/status', (id: string | number) => `/clusters/${id}/status`),

  // Signed in, slide layout
  configureCluster: '/configure-cluster',
  configureClusterAlias: '/clusters/configure',
  clusterProvisioning: '/cluster-provisioning',
  clusterProvisioningAlias: '/clusters/provisioning',
} as const;

/** The providers that have a diagnostic test page (plain layout). */
export const providerTestSlugs = [
  'gcp-cluster',
  'aws-eks',
  'azure-aks',
  'ibm-iks',
  'huawei-cce',
  'alibaba-ack',
  'digitalocean-doks',
] as const;
export type ProviderTestSlug = (typeof providerTestSlugs)[number];

/** The session key under which a protected route saves where to return after sign-in. */
export const POST_LOGIN_REDIRECT_KEY = 'postLoginRedirect';
