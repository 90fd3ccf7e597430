import type { RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { PrerenderHandle } from '@/lib/prerender-handle';

/**
 * The documentation hub and the tutorials, mounted by the app router inside the public layout.
 * Every page is lazy; the tutorial's handle loads its article before the prerender renders it.
 */
export const tutorialsRoutes: RouteObject[] = [
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
];
