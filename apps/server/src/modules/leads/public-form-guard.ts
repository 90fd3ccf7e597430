import type { FastifyRequest } from 'fastify';
import { publicFormRule } from '../rate-limit/index.ts';

/**
 * What every public form does first: count the submission against the sender's network
 * (PUBLIC_FORM_LIMIT in 15 minutes), and tell whether a bot filled the hidden `website` field
 * (its submission is answered as a success and dropped, so the bot learns nothing).
 */
export async function admitPublicForm(
  request: FastifyRequest,
  body: { website?: string },
): Promise<'accept' | 'drop'> {
  const { rateLimit, config } = request.server.services;
  const rule = { ...publicFormRule, limit: config.publicFormLimit };
  const keys = [`ip:${request.ip}`];
  await rateLimit.check(rule, keys);
  await rateLimit.record(rule, keys);
  return body.website ? 'drop' : 'accept';
}
