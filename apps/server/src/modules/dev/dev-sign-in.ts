import type { User } from '@alpenkube/contract';
import type { Db } from '../../db/client.ts';
import { idsByLogin } from '../users/index.ts';
import {
  loadSessionUser,
  toPublicUser,
  type ClientInfo,
  type SessionStore,
} from '../sessions/index.ts';

/**
 * A session for any person, without a password: the development login. The browser's previous
 * session ends in the same transaction, as a real sign-in ends it. Null when nobody has that
 * username.
 */
export async function signInAs(
  deps: { db: Db; sessions: SessionStore },
  username: string,
  client: ClientInfo,
): Promise<{ token: string; user: User } | null> {
  const { db, sessions } = deps;
  const [userId] = await idsByLogin(db, username.toLowerCase(), 1);
  if (userId === undefined) return null;
  const token = await db.transaction(async (tx) => {
    if (client.previousToken) await sessions.destroy(client.previousToken, tx);
    return sessions.create(tx, userId, client);
  });
  return { token, user: toPublicUser((await loadSessionUser(db, userId))!) };
}
