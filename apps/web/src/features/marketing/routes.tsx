import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The marketing pages (about, careers, case studies, FAQ) and the lead forms (contact, sales,
 * demo, custom quote, workload migration, newsletter), mounted by the app router inside the
 * public layout; the home page, which adds the catalog's tiers, lives in src/app/routes/public.
 * Every page is lazy so each one is its own chunk: the home page does not ship the forms.
 */
export const marketingRoutes: RouteObject[] = [
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
];
