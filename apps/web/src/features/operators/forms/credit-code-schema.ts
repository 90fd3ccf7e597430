import { z } from 'zod';
import { createCreditCodeSchema } from '@alpenkube/contract';
import { grantCreditFormSchema } from './grant-credit-schema';

/** The code form: dollars and a count as typed, turned into the contract's cents and integer. */
export const creditCodeFormSchema = z.object({
  code: createCreditCodeSchema.shape.code,
  amount: grantCreditFormSchema.shape.amount,
  description: createCreditCodeSchema.shape.description,
  expiresOn: createCreditCodeSchema.shape.expiresOn,
  maxRedemptions: z
    .string()
    .trim()
    .regex(/^\d+$/, 'A whole number, e.g. 100')
    .transform(Number)
    .pipe(createCreditCodeSchema.shape.maxRedemptions),
});
