import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { publicFormRule } from '../rate-limit/rate-limiter.ts';

/**
 * What every public form does first: count the submission against the sender's network, and
 * tell whether a bot filled the hidden `website` field (its submission is answered as a success
 * and dropped, so the bot learns nothing).
 */
export async function admitPublicForm(
  rateLimit: RateLimiter,
  request: FastifyRequest,
  body: { website?: string },
): Promise<'accept' | 'drop'> {
  const keys = [`ip:${request.ip}`];
  await rateLimit.check(publicFormRule, keys);
  await rateLimit.record(publicFormRule, keys);
  return body.website ? 'drop' : 'accept';
}
