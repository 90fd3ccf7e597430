import {
  FIFTEEN_MINUTES,
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
} from '../rate-limit/index.ts';

/** Mails one address receives: nobody can turn the site into a mail bomb aimed at someone. */
export const mailToRecipientRule: RateLimitRule = {
  bucket: 'mail-recipient',
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many e-mails were sent to this address. Try again in {minutes} minutes.',
};

/** Mails one network causes, whatever the addresses; the limit is MAIL_LIMIT_PER_IP. */
export const mailFromNetworkRule: RateLimitRule = {
  bucket: 'mail-sender-ip',
  limit: 20,
  windowMs: FIFTEEN_MINUTES,
  message: 'Too many e-mails requested from your network. Try again in {minutes} minutes.',
};

/**
 * Every mail a request causes goes through here before it is queued: counted against each
 * recipient and against the requesting address, answered 429 when either had its share. Calls
 * that may send nothing (a reset for an unknown address) count too, so the answer reveals nothing.
 */
export function createMailThrottle(rateLimit: RateLimiter, limitPerIp: number) {
  const networkRule = { ...mailFromNetworkRule, limit: limitPerIp };
  const admit = async (recipients: string[], ip: string | null): Promise<void> => {
    const recipientKeys = recipients.map((to) => `to:${to.trim().toLowerCase()}`);
    const networkKeys = recipients.map(() => `ip:${ip ?? 'unknown'}`);
    await rateLimit.check(mailToRecipientRule, recipientKeys);
    await rateLimit.check(networkRule, networkKeys.slice(0, 1));
    await rateLimit.record(mailToRecipientRule, recipientKeys);
    await rateLimit.record(networkRule, networkKeys);
  };
  return {
    admit,
    /**
     * For a mail that only tells of a change made anyway: counted like any other when there is
     * room, and false (send none) past the share, so the change itself is never refused for it.
     */
    async mayMail(recipients: string[], ip: string | null): Promise<boolean> {
      try {
        await admit(recipients, ip);
        return true;
      } catch (error) {
        if (error instanceof RateLimitedError) return false;
        throw error;
      }
    },
  };
}
export type MailThrottle = ReturnType<typeof createMailThrottle>;
