import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const meteringRoutes: FastifyPluginAsyncZod = async () => {};
