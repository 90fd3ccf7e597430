/**
 * The spec's yearly discount and the integer rounding the price engine uses, on their own so a
 * public page showing a tier's yearly saving does not load the whole engine (`pricing.ts`
 * re-exports both). No imports.
 */

/** ⌊a / b⌋ for integers, b > 0, exact (no float division). */
function floorDiv(a: number, b: number): number {
  const remainder = ((a % b) + b) % b;
  return (a - remainder) / b;
}

/** a / b rounded half up (towards +∞, like Math.round), for integers, b > 0. */
export function divideRounded(a: number, b: number): number {
  return floorDiv(2 * a + b, 2 * b);
}

/** round((12 × monthly − yearly) / (12 × monthly) × 100); 0 when either price is missing. */
export function yearlyDiscountPercent(
  monthly: number | null | undefined,
  yearly: number | null | undefined,
): number {
  if (!monthly || !yearly || monthly < 0 || yearly < 0) return 0;
  return divideRounded((12 * monthly - yearly) * 100, 12 * monthly);
}
