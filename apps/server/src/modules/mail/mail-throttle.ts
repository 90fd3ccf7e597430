import { FIFTEEN_MINUTES, type RateLimiter, type RateLimitRule } from '../rate-limit/index.ts';

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
  return {
    async admit(recipients: string[], ip: string | null): Promise<void> {
      const recipientKeys = recipients.map((to) => `to:${to.trim().toLowerCase()}`);
      const networkKeys = recipients.map(() => `ip:${ip ?? 'unknown'}`);
      await rateLimit.check(mailToRecipientRule, recipientKeys);
      await rateLimit.check(networkRule, networkKeys.slice(0, 1));
      await rateLimit.record(mailToRecipientRule, recipientKeys);
      await rateLimit.record(networkRule, networkKeys);
    },
  };
}
export type MailThrottle = ReturnType<typeof createMailThrottle>;
