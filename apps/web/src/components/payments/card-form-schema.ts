import { z } from 'zod';
import { hasExpired, passesLuhn } from '@alpenkube/contract/card-rules';
import { cardDetailsSchema, type CardDetails } from '@alpenkube/contract/payments';

/** What the card form holds: text, as typed. */
export interface CardFormValues {
  number: string;
  /** MM/YY or MM/YYYY. */
  expiry: string;
  cvc: string;
  name: string;
}

export const emptyCard: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/** "04/29", "4/2029", "04 / 29" → month and four-digit year; null when unreadable. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const year = Number(match[2]);
  return { expMonth: Number(match[1]), expYear: match[2]!.length === 2 ? 2000 + year : year };
}

/** The gateway's fields as the form names them: month and year are one field here. */
export const formFieldOf = (field: unknown): keyof CardFormValues =>
  field === 'expMonth' || field === 'expYear' ? 'expiry' : (field as keyof CardFormValues);

/**
 * The contract's card rules (the gateway checks the same), with the expiry typed as one field,
 * plus the checks a card number and an expiry date carry themselves: the Luhn digit, a month
 * not yet over. The gateway has the last word; this only saves a round trip for a typo.
 */
export function cardFormSchema(now = new Date()): z.ZodType<CardDetails, CardFormValues> {
  return z
    .object({ number: z.string(), expiry: z.string(), cvc: z.string(), name: z.string() })
    .transform((values, context) => {
      const expiry = parseExpiry(values.expiry);
      if (!expiry) {
        context.addIssue({
          code: 'custom',
          path: ['expiry'],
          message: 'Enter the expiry as MM/YY',
        });
      }
      const details = {
        number: values.number,
        expMonth: expiry?.expMonth ?? 1,
        expYear: expiry?.expYear ?? now.getUTCFullYear(),
        cvc: values.cvc.trim(),
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      };
      const parsed = cardDetailsSchema.safeParse(details);
      const reported = new Set<string>();
      for (const issue of parsed.error?.issues ?? []) {
        const field = formFieldOf(issue.path[0]);
        if (reported.has(field) || (field === 'expiry' && !expiry)) continue;
        reported.add(field);
        context.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      const digits = values.number.replace(/[\s-]/g, '');
      if (!reported.has('number') && !passesLuhn(digits)) {
        context.addIssue({
          code: 'custom',
          path: ['number'],
          message: 'This card number is not valid: check the digits',
        });
      }
      if (parsed.success) {
        if (hasExpired(parsed.data.expMonth, parsed.data.expYear, now)) {
          context.addIssue({ code: 'custom', path: ['expiry'], message: 'This card has expired' });
        }
      }
      return parsed.success ? parsed.data : z.NEVER;
    }) as unknown as z.ZodType<CardDetails, CardFormValues>;
}
