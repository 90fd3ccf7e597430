import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, loadRouteModules } from './app/router';
import { adoptPrerenderedQueries } from './prerender/adopt-prerendered-queries';
import { queryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root')!;

/**
 * A public page arrives prerendered (src/prerender): React takes over its HTML rather than
 * drawing it again, from the same data and with the page's code loaded first, so the first
 * render matches the HTML. Every other page starts from an empty root.
 */
async function start() {
  const prerendered = container.firstElementChild !== null;
  if (prerendered) {
    adoptPrerenderedQueries(queryClient);
    await loadRouteModules(window.location.pathname);
  }
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
