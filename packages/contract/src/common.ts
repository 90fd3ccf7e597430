import { z } from 'zod';

/** Every non-2xx answer of the API. Validation errors add the issues zod found. */
export const errorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Row ids are PostgreSQL `serial` (int4): a larger number names no row and must not reach the query. */
export const MAX_ROW_ID = 2_147_483_647;
export const idParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(MAX_ROW_ID),
});

export const okSchema = z.object({ ok: z.literal(true) });
