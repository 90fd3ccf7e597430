import { sql } from 'drizzle-orm';
import type { PushMessage } from '@alpenkube/contract';
import type { DbOrTx } from '../../db/client.ts';

/** The one NOTIFY channel every instance listens on for what to push to its sockets. */
export const PUSH_CHANNEL = 'push';

/** Who receives a push: one user's sockets, or those of every approved member of an organization. */
export type PushAudience = { userId: number } | { organizationId: number };

export interface PushEnvelope {
  audience: PushAudience;
  message: PushMessage;
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a push carries ids, not documents. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Pushes a message to an audience once the caller's transaction commits, from whichever
 * instance holds their sockets: a rolled-back change pushes nothing.
 */
export async function publishPush(
  db: DbOrTx,
  audience: PushAudience,
  message: PushMessage,
): Promise<void> {
  const payload = JSON.stringify({ audience, message } satisfies PushEnvelope);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new Error(`A ${message.type} push of ${Buffer.byteLength(payload)} bytes is too large`);
  }
  await db.execute(sql`select pg_notify(${PUSH_CHANNEL}, ${payload})`);
}
