import { passwordBackoffRule, type RateLimiter } from '../rate-limit/index.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { signInLimits } from './sign-in-limits.ts';

/**
 * A stolen session is not the password: what would hand over an account, a secret or a
 * person's data asks for it again. Wrong guesses wait as they do at sign-in, per account and
 * address; the right one clears the wait. Answers whether it matched; the caller says no.
 */
export async function passwordMatches(
  deps: { rateLimit: RateLimiter; passwords: PasswordHasher },
  user: { username: string; passwordHash: string },
  password: string,
  ip: string | null,
): Promise<boolean> {
  const limits = signInLimits(deps.rateLimit, passwordBackoffRule, `user:${user.username}`, ip);
  await limits.check();
  if (!(await deps.passwords.verify(user.passwordHash, password))) {
    await limits.failed();
    return false;
  }
  await limits.succeeded();
  return true;
}
