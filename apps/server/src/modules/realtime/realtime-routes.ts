import { forbidden } from '../../lib/http-error.ts';
import { hasForeignOrigin } from '../../http/request-guards.ts';
import { routePlugin } from '../../http/route.ts';
import { requireSession } from '../sessions/index.ts';

/**
 * GET /ws upgrades only with a signed-in session cookie, from a page of this site: a browser
 * sends the cookie with a socket another site opens (cross-site WebSocket hijacking), and the
 * Origin it always sends is what tells them apart. The hub then pushes that user's events.
 * A plain Fastify route: a socket upgrade is no endpoint of the contract's API.
 */
export const realtimeRoutes = routePlugin({}, async (app) => {
  const { config, realtime } = app.services;
  app.get(
    '/ws',
    {
      config: { access: 'signedIn' },
      websocket: true,
      preValidation: async (request) => {
        if (hasForeignOrigin(request, config.publicUrl)) {
          throw forbidden('Connections from other sites are not allowed');
        }
      },
    },
    (socket, request) => {
      realtime.add(requireSession(request), socket);
      // Clients only listen; anything they send is ignored.
      socket.on('message', () => {});
    },
  );
});
