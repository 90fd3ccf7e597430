import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadRouteModules } from './app/router';
import { adoptPrerenderedQueries } from './app/prerender/adopt-prerendered-queries';
import { queryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root')!;

/**
 * A public page arrives prerendered (src/app/prerender): React takes over its HTML rather than
 * drawing it again, from the same data and with the page's code loaded first, so the first
 * render matches the HTML. Every other page starts from an empty root.
 */
async function start() {
  let prerendered = container.firstElementChild !== null;
  if (prerendered) {
    applyPreloadedStylesheets();
    adoptPrerenderedQueries(queryClient);
    try {
      await loadRouteModules(window.location.pathname);
    } catch {
      // A chunk did not arrive (a lost connection, a release replaced it): the app draws the
      // page itself, and the router's error page offers a reload.
      prerendered = false;
    }
  }
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page: the page stays responsive while React takes it over.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

/**
 * A prerendered page carries the CSS its markup uses inline, and only preloads the whole
 * stylesheet (not render-blocking): the app needs it from now on, for what it draws next.
 */
function applyPreloadedStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="style"]',
  )) {
    link.rel = 'stylesheet';
  }
}

void start();
