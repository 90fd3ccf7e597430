import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { PrerenderHandle } from '@/lib/prerender-handle';

/**
 * The public site's own pages, mounted by the app router inside the public layout. Pages that
 * combine the site with the catalog or support features live in src/app/routes/public.
 * Every page is lazy so each one is its own chunk: the home page does not ship the
 * tutorials, the API reference or the forms.
 */
export const publicSiteRoutes: RouteObject[] = [
  {
    path: paths.documentation,
    lazy: () =>
      import('./pages/documentation-page').then((m) => ({ Component: m.DocumentationPage })),
  },
  {
    path: paths.tutorials,
    lazy: () => import('./pages/tutorials-page').then((m) => ({ Component: m.TutorialsPage })),
  },
  {
    path: paths.tutorial.pattern,
    lazy: () =>
      import('./pages/tutorial-page').then((m) => ({
        Component: m.TutorialPage,
        handle: { prerender: m.prerenderTutorial } satisfies PrerenderHandle,
      })),
  },
  {
    path: paths.about,
    lazy: () => import('./pages/about-page').then((m) => ({ Component: m.AboutPage })),
  },
  {
    path: paths.careers,
    lazy: () => import('./pages/careers-page').then((m) => ({ Component: m.CareersPage })),
  },
  {
    path: paths.caseStudies,
    lazy: () => import('./pages/case-studies-page').then((m) => ({ Component: m.CaseStudiesPage })),
  },
  {
    path: paths.faq,
    lazy: () => import('./pages/faq-page').then((m) => ({ Component: m.FaqPage })),
  },
  {
    path: paths.privacyPolicy,
    lazy: () => import('./pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: paths.privacy,
    lazy: () => import('./pages/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
  },
  {
    path: paths.terms,
    lazy: () => import('./pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: paths.contact,
    lazy: () => import('./pages/contact-page').then((m) => ({ Component: m.ContactPage })),
  },
  {
    path: paths.scheduleDemo,
    lazy: () =>
      import('./pages/schedule-demo-page').then((m) => ({ Component: m.ScheduleDemoPage })),
  },
  {
    path: paths.contactSales,
    lazy: () =>
      import('./pages/contact-sales-page').then((m) => ({ Component: m.ContactSalesPage })),
  },
  {
    path: paths.customQuote,
    lazy: () => import('./pages/custom-quote-page').then((m) => ({ Component: m.CustomQuotePage })),
  },
  {
    path: paths.workloadMigration,
    lazy: () =>
      import('./pages/workload-migration-page').then((m) => ({
        Component: m.WorkloadMigrationPage,
      })),
  },
  {
    path: paths.newsletter,
    lazy: () => import('./pages/newsletter-page').then((m) => ({ Component: m.NewsletterPage })),
  },
  {
    path: paths.apiReference,
    lazy: () =>
      import('./pages/api-reference-page').then((m) => ({ Component: m.ApiReferencePage })),
  },
  {
    path: paths.testService,
    lazy: () => import('./pages/test-service-page').then((m) => ({ Component: m.TestServicePage })),
  },
  {
    path: paths.currencyTest,
    lazy: () =>
      import('./pages/currency-test-page').then((m) => ({ Component: m.CurrencyTestPage })),
  },
];
