import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** The legal texts, mounted by the app router inside the public layout; each page lazy. */
export const legalRoutes: RouteObject[] = [
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
];
