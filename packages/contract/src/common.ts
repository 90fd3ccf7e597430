import { z } from 'zod';
import { MAX_ROW_ID } from './row-id.ts';

/** Every non-2xx answer of the API. Validation errors add the issues zod found. */
export const errorSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export { MAX_ROW_ID };
/** Digits only: `Number()` would also read `0x10`, `1e3` and ` 1` as ids. */
export const idParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ROW_ID)),
});

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A NUL character, or half of a UTF-16 surrogate pair: text PostgreSQL cannot store (and that
 * no person types). Without the `u` flag the pattern sees UTF-16 code units, so a whole pair
 * (an emoji) passes and only a lone half matches.
 */
const UNSTORABLE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string) => !UNSTORABLE_TEXT.test(text);

/**
 * The path of the first string (object key or value) in `value` that cannot be stored, or null
 * when every one can. The server applies it to the body, query and parameters of every request,
 * so every text field of the API follows the rule without each schema repeating it.
 */
export function unstorableTextPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = unstorableTextPath(value[index], [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key];
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
