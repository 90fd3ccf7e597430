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

/**
 * The promo code a customer typed on an order of any kind: the server checks and applies it
 * (`PROMO_CODE`); absent or blank, none.
 */
export const promoCodeInputSchema = z.string().trim().max(64).optional();

export const okSchema = z.object({ ok: z.literal(true) });

/**
 * A moment in an answer: ISO 8601 in UTC as `Date.toISOString()` writes it. The document declares
 * it `date-time`, so clients may parse it as one, and the server's answers are held to it.
 */
export const timestampSchema = z.iso.datetime();

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
export function unstorableTextPath(value: unknown): (string | number)[] | null {
  // A stack, not recursion: a body nested thousands of levels deep (a few KB of `[`) must be
  // answered as bad input, not overflow the call stack. Each entry links to its parent, so a
  // path is only built for the string that is found.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry) => {
    const path: (string | number)[] = [];
    for (let at: Entry | undefined = entry; at?.parent; at = at.parent) path.push(at.key!);
    return path.reverse();
  };
  const stack: Entry[] = [{ value }];
  while (stack.length) {
    const entry = stack.pop()!;
    if (typeof entry.key === 'string' && !isStorableText(entry.key)) return pathOf(entry);
    const item = entry.value;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return pathOf(entry);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const children: [string | number, unknown][] = Array.isArray(item)
      ? item.map((child, index) => [index, child])
      : Object.entries(item);
    // Pushed last first, so they are visited in order: the first unstorable string is named.
    for (let index = children.length - 1; index >= 0; index--) {
      const [key, child] = children[index]!;
      stack.push({ value: child, key, parent: entry });
    }
  }
  return null;
}
