import { and, eq } from 'drizzle-orm';
import { authTokens } from './schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, unauthorized } from '../../lib/http-error.ts';

export type TokenPurpose = (typeof authTokens.$inferSelect)['purpose'];

export const TOKEN_LIFETIMES_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  magic_link: 15 * 60_000,
  mfa_challenge: 5 * 60_000,
};

/** Issues a single-use token; only its hash is stored, so the table cannot be used to sign in. */
export async function issueToken(
  tx: DbOrTx,
  userId: number,
  purpose: TokenPurpose,
): Promise<string> {
  // An older link of the same kind stops working: only the newest mail is valid.
  await tx
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose)));
  const token = randomToken(32);
  await tx.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + TOKEN_LIFETIMES_MS[purpose]),
  });
  return token;
}

const INVALID_LINK: Record<TokenPurpose, string> = {
  verify_email: 'This verification link is not valid. Request a new one.',
  reset_password: 'This password reset link is not valid. Request a new one.',
  magic_link: 'This sign-in link is not valid. Request a new one.',
  mfa_challenge: 'Your sign-in step expired. Sign in again.',
};

/** The user a token is for, if it is unused and unexpired; otherwise a 400 saying which. */
export async function checkToken(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
  options: { lock?: boolean } = {},
): Promise<number> {
  const query = db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, sha256(token)), eq(authTokens.purpose, purpose)));
  const [row] = options.lock ? await query.for('update') : await query;
  // The second-factor step is not a link: whatever is wrong with it, the person signs in again.
  if (
    purpose === 'mfa_challenge' &&
    (!row || row.usedAt || row.expiresAt.getTime() <= Date.now())
  ) {
    throw unauthorized(INVALID_LINK.mfa_challenge);
  }
  if (!row) throw badRequest(INVALID_LINK[purpose]);
  if (row.usedAt) throw badRequest('This link was already used. Request a new one.');
  if (row.expiresAt.getTime() <= Date.now()) {
    throw badRequest('This link has expired. Request a new one.');
  }
  return row.userId;
}

/** Marks the token used and answers its user; the row lock makes a second use see it used. */
export async function consumeToken(
  tx: DbOrTx,
  token: string,
  purpose: TokenPurpose,
): Promise<number> {
  const userId = await checkToken(tx, token, purpose, { lock: true });
  await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(eq(authTokens.tokenHash, sha256(token)));
  return userId;
}
