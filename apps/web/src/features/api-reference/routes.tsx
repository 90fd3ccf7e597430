import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';

/** The API reference, rendered from the live OpenAPI document; a lazy page of the public layout. */
export const apiReferenceRoutes: RouteObject[] = [
  {
    path: paths.apiReference,
    lazy: () =>
      import('./pages/api-reference-page').then((m) => ({ Component: m.ApiReferencePage })),
  },
];
