import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/http-error.ts';

/** GET /ws upgrades only with a signed-in session cookie; the hub then pushes that user's events. */
export async function realtimeRoutes(app: FastifyInstance) {
  app.get(
    '/ws',
    {
      config: { access: 'signedIn' },
      websocket: true,
      preValidation: async (request) => {
        if (!request.session) throw unauthorized();
      },
    },
    (socket, request) => {
      app.services.realtime.add(request.session!.user.id, socket);
      // Clients only listen; anything they send is ignored.
      socket.on('message', () => {});
    },
  );
}
