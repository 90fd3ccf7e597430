import { eq } from 'drizzle-orm';
import { newsletterSubscriptions } from './schema.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { MailThrottle } from '../mail/index.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/http-error.ts';
import { queueMail } from '../mail/index.ts';

/**
 * Double opt-in: subscribing mails a confirmation link, and only a confirmed address is on the
 * list. Every mail carries an unsubscribe link that works without signing in.
 */
export function createNewsletterService(
  deps: Pick<Infrastructure, 'db' | 'config'> & { mailThrottle: MailThrottle },
) {
  const { db, mailThrottle } = deps;
  const origin = deps.config.publicUrl;
  return {
    async subscribe(email: string, ip: string | null) {
      // Counted whether or not a mail goes out, so the answer says nothing about the list.
      await mailThrottle.admit([email], ip);
      await db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(newsletterSubscriptions)
          .where(eq(newsletterSubscriptions.email, email));
        // Already confirmed: say nothing more, so the form reveals nothing about the list.
        if (existing?.status === 'confirmed') return;
        const confirmToken = randomToken();
        const unsubscribeToken = randomToken();
        const values = {
          email,
          status: 'pending' as const,
          confirmTokenHash: sha256(confirmToken),
          unsubscribeTokenHash: sha256(unsubscribeToken),
          unsubscribedAt: null,
        };
        if (existing) {
          await tx
            .update(newsletterSubscriptions)
            .set(values)
            .where(eq(newsletterSubscriptions.id, existing.id));
        } else {
          await tx.insert(newsletterSubscriptions).values(values);
        }
        await queueMail(tx, {
          to: email,
          subject: 'Confirm your subscription to the Alpenkube newsletter',
          text:
            'Hello,\n\nPlease confirm that you want the Alpenkube newsletter (one mail a month: releases, ' +
            `Kubernetes guides, compliance news):\n${origin}/newsletter?confirm=${confirmToken}\n\n` +
            `If you did not ask for it, ignore this mail, or remove the address for good:\n${origin}/newsletter?unsubscribe=${unsubscribeToken}`,
        });
      });
    },

    async confirm(token: string) {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: 'confirmed', confirmedAt: new Date(), confirmTokenHash: null })
        .where(eq(newsletterSubscriptions.confirmTokenHash, sha256(token)))
        .returning({ id: newsletterSubscriptions.id });
      if (!row) throw badRequest('This confirmation link is not valid or was already used.');
    },

    async unsubscribe(token: string) {
      const [row] = await db
        .update(newsletterSubscriptions)
        .set({ status: 'unsubscribed', unsubscribedAt: new Date(), confirmTokenHash: null })
        .where(eq(newsletterSubscriptions.unsubscribeTokenHash, sha256(token)))
        .returning({ id: newsletterSubscriptions.id });
      if (!row) throw badRequest('This unsubscribe link is not valid.');
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
