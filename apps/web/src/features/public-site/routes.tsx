import type { RouteObject } from 'react-router';
import { clusterPageAliases, clusterTypeAliases } from './cluster-types/cluster-type-routes';

/**
 * Public routes, mounted by the app router inside the public layout.
 * Every page is lazy so each one is its own chunk: the home page does not ship the
 * tutorials, the API reference or the forms.
 */

const clusterType = () =>
  import('./pages/cluster-type-page').then((m) => ({ Component: m.ClusterTypePage }));

const clusterAliasRoutes: RouteObject[] = [
  ...clusterTypeAliases.map((t) => ({ path: `${t}-cluster`, lazy: clusterType })),
  ...clusterPageAliases.map((t) => ({ path: `${t}-cluster-page`, lazy: clusterType })),
];

export const publicSiteRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })) },
  {
    path: 'pricing',
    lazy: () => import('./pages/pricing-page').then((m) => ({ Component: m.PricingPage })),
  },
  {
    path: 'documentation',
    lazy: () =>
      import('./pages/documentation-page').then((m) => ({ Component: m.DocumentationPage })),
  },
  {
    path: 'tutorials',
    lazy: () => import('./pages/tutorials-page').then((m) => ({ Component: m.TutorialsPage })),
  },
  {
    path: 'tutorials/:slug',
    lazy: () => import('./pages/tutorial-page').then((m) => ({ Component: m.TutorialPage })),
  },
  {
    path: 'about',
    lazy: () => import('./pages/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: 'careers',
    lazy: () => import('./pages/careers-page').then((m) => ({ Component: m.CareersPage })),
  },
  {
    path: 'case-studies',
    lazy: () => import('./pages/case-studies-page').then((m) => ({ Component: m.CaseStudiesPage })),
  },
  { path: 'faq', lazy: () => import('./pages/faq-page').then((m) => ({ Component: m.FaqPage })) },
  {
    path: 'privacy-policy',
    lazy: () => import('./pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: 'privacy',
    lazy: () => import('./pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: 'terms',
    lazy: () => import('./pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'contact',
    lazy: () => import('./pages/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: 'schedule-demo',
    lazy: () =>
      import('./pages/schedule-demo-page').then((m) => ({ Component: m.ScheduleDemoPage })),
  },
  {
    path: 'contact-sales',
    lazy: () =>
      import('./pages/contact-sales-page').then((m) => ({ Component: m.ContactSalesPage })),
  },
  {
    path: 'custom-quote',
    lazy: () => import('./pages/custom-quote-page').then((m) => ({ Component: m.CustomQuotePage })),
  },
  {
    path: 'workload-migration',
    lazy: () =>
      import('./pages/workload-migration-page').then((m) => ({
        Component: m.WorkloadMigrationPage,
      })),
  },
  {
    path: 'newsletter',
    lazy: () => import('./pages/newsletter-page').then((m) => ({ Component: m.NewsletterPage })),
  },
  {
    path: 'api-reference',
    lazy: () =>
      import('./pages/api-reference-page').then((m) => ({ Component: m.ApiReferencePage })),
  },
  {
    path: 'test-service',
    lazy: () => import('./pages/test-service-page').then((m) => ({ Component: m.TestServicePage })),
  },
  {
    path: 'currency-test',
    lazy: () =>
      import('./pages/currency-test-page').then((m) => ({ Component: m.CurrencyTestPage })),
  },
  {
    path: 'support',
    lazy: () => import('./pages/support-page').then((m) => ({ Component: m.SupportPage })),
  },
  {
    path: 'technical-support',
    lazy: () =>
      import('./pages/technical-support-page').then((m) => ({ Component: m.TechnicalSupportPage })),
  },
  {
    path: 'billing-support',
    lazy: () =>
      import('./pages/billing-support-page').then((m) => ({ Component: m.BillingSupportPage })),
  },
  {
    path: 'submit-ticket',
    lazy: () =>
      import('./pages/submit-ticket-page').then((m) => ({ Component: m.SubmitTicketPage })),
  },
  {
    path: 'track-ticket',
    lazy: () => import('./pages/track-ticket-page').then((m) => ({ Component: m.TrackTicketPage })),
  },
  { path: 'cluster-types/:type', lazy: clusterType },
  ...clusterAliasRoutes,
];
