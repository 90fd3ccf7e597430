import { z } from 'zod';

/** Every non-2xx answer of the API. Validation errors add the issues zod found. */
export const errorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });

export const okSchema = z.object({ ok: z.literal(true) });
