import { z } from 'zod';
import { updateApiAllowlistSchema } from '@alpenkube/contract';

/** The CIDRs typed one per line (or with commas), checked by the API's own schema. */
export const apiAllowlistFormSchema = z
  .object({ cidrs: z.string().max(5_000) })
  .transform(({ cidrs }, context) => {
    const entries = cidrs
      .split(/[\s,]+/)
      .map((entry) => entry.trim())
      .filter(Boolean);
    const result = updateApiAllowlistSchema.safeParse({ cidrs: entries });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      context.addIssue({ code: 'custom', path: ['cidrs'], message: issue.message });
    }
    return { cidrs: [] };
  });
