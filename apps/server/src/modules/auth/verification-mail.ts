import type { DbOrTx } from '../../db/client.ts';
import { queueMail } from '../mail/mail-service.ts';
import { issueToken } from './auth-tokens.ts';

/** Mails a fresh verification link (24 hours); the previous one stops working. */
export async function mailVerificationLink(
  tx: DbOrTx,
  user: { id: number; email: string; name: string | null; username: string },
  origin: string,
) {
  const token = await issueToken(tx, user.id, 'verify_email');
  await queueMail(tx, {
    to: user.email,
    subject: 'Verify your e-mail address for Alpenkube',
    text:
      `Hello ${user.name ?? user.username},\n\n` +
      `Confirm this address to start ordering clusters:\n${origin}/verify-email?token=${token}\n\n` +
      'The link is valid for 24 hours. If you did not create an Alpenkube account, ignore this mail.',
  });
}
