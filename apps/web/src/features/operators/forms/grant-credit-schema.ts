import { z } from 'zod';
import { grantCreditSchema } from '@alpenkube/contract';
import { parseDollars } from '../labels';

/** The grant form: dollars as typed, turned into the contract's cents with its limits. */
export const grantCreditFormSchema = z.object({
  amount: z
    .string()
    .transform((text, context) => {
      const cents = parseDollars(text);
      if (cents === null) {
        context.addIssue({ code: 'custom', message: 'Enter an amount in US dollars, e.g. 250' });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(grantCreditSchema.shape.amount),
  reason: grantCreditSchema.shape.reason,
});
