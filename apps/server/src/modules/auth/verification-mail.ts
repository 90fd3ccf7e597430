import type { DbOrTx } from '../../db/client.ts';
import { queueMail } from '../mail/index.ts';
import { issueToken } from './auth-tokens.ts';

/**
 * Mails a fresh verification link (24 hours); the previous one stops working. The address is not
 * proven yet, so the mail holds no text the sender chose (not even a name): it cannot carry
 * someone's message to a stranger.
 */
export async function mailVerificationLink(
  tx: DbOrTx,
  userId: number,
  email: string,
  publicUrl: string,
) {
  const token = await issueToken(tx, userId, 'verify_email');
  await queueMail(tx, {
    to: email,
    subject: 'Verify your e-mail address for Alpenkube',
    text:
      'Hello,\n\n' +
      `Confirm this address to start ordering clusters:\n${publicUrl}/verify-email?token=${token}\n\n` +
      'The link is valid for 24 hours. If you did not create an Alpenkube account, ignore this mail.',
  });
}
