import { z } from 'zod';
import { updateBudgetSchema, type UpdateBudget } from '@alpenkube/contract/billing';

/** What the form holds: the amount in dollars and the thresholds as typed ("50, 80, 100"). */
export interface BudgetFormValues {
  amount: string;
  thresholds: string;
}

/** "50, 80 %, 100" → [50, 80, 100]; null when a part is not a whole number. */
export function parseThresholds(text: string): number[] | null {
  const parts = text.split(/[\s,;%]+/).filter(Boolean);
  if (!parts.every((part) => /^\d{1,4}$/.test(part))) return null;
  return parts.map(Number);
}

/** "1,250.50" or "1250.5" → 125050 cents; null when it is not an amount of dollars and cents. */
export function parseDollars(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/**
 * The contract's budget rules (the server applies the same) over the form's text fields; every
 * issue lands on the field it is about, an array element's on the thresholds field.
 */
export const budgetFormSchema = z
  .object({ amount: z.string(), thresholds: z.string() })
  .transform((values, context): UpdateBudget => {
    const amount = parseDollars(values.amount);
    const thresholds = parseThresholds(values.thresholds);
    if (amount === null) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Enter an amount in US dollars, e.g. 500',
      });
    }
    if (thresholds === null) {
      context.addIssue({
        code: 'custom',
        path: ['thresholds'],
        message: 'Whole percentages, separated by commas',
      });
    }
    const parsed = updateBudgetSchema.safeParse({
      amount: amount ?? 100,
      thresholds: thresholds ?? [100],
    });
    const reported = new Set<string>();
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (reported.has(field)) continue;
      if (
        (field === 'amount' && amount === null) ||
        (field === 'thresholds' && thresholds === null)
      )
        continue;
      reported.add(field);
      context.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return parsed.success ? parsed.data : z.NEVER;
  });
