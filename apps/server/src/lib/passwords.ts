import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { createSemaphore } from './semaphore.ts';

// OWASP's first argon2id profile: 19 MiB, 2 iterations, 1 lane.
const HASH_OPTIONS = {
  type: argon2.argon2id as 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
};

const commonPasswords = new Set(dictionary['passwords-common']);

/** Why a password is refused, or null. Length is the contract's job; this catches the guessable. */
export function weakPasswordReason(
  password: string,
  ...personal: (string | undefined)[]
): string | null {
  const lower = password.toLowerCase();
  // "password1234" and "qwerty123456!" are as guessable as their stem.
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (commonPasswords.has(lower) || (stem.length >= 4 && commonPasswords.has(stem))) {
    return 'This password is too common. Choose a less predictable one.';
  }
  if (new Set(lower).size < 4)
    return 'This password repeats too few characters. Choose a stronger one.';
  for (const value of personal) {
    const part = value?.toLowerCase().split('@')[0];
    if (part && part.length >= 3 && lower.includes(part)) {
      return 'The password must not contain your username or e-mail address.';
    }
  }
  return null;
}

export function createPasswordHasher(concurrency: number) {
  const limit = createSemaphore(concurrency);
  // Verifying against this when the user does not exist makes both answers take as long.
  let dummyHash: Promise<string> | undefined;
  return {
    hash: (password: string) => limit(() => argon2.hash(password, HASH_OPTIONS)),
    verify: (hash: string, password: string) => limit(() => argon2.verify(hash, password)),
    async burn(password: string) {
      dummyHash ??= limit(() => argon2.hash('not-a-real-password-0000', HASH_OPTIONS));
      await limit(async () => argon2.verify(await dummyHash!, password));
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
