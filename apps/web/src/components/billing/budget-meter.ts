/** Where the budget bar's parts go, in percent of its width. */
export interface BudgetMeter {
  /** Month to date in whole percent of the budget, rounded down. */
  spentPercent: number;
  forecastPercent: number;
  spentWidth: number;
  forecastWidth: number;
  /** Where 100% of the budget is on the bar (left of the end once spending or a threshold passes it). */
  budgetAt: number;
  marks: { threshold: number; at: number; reached: boolean }[];
  /** `over` past the budget, `warning` past a threshold, `ok` otherwise. */
  tone: 'ok' | 'warning' | 'over';
}

/** The bar spans at most twice the budget (thresholds go up to 200%). */
const MAX_SCALE_PERCENT = 200;

/**
 * The budget bar of the month: spent and forecast against the budget, with its alert
 * thresholds marked. The bar spans the budget, or more when the spending, the forecast or a
 * threshold goes past it (up to twice the budget), so every mark has its place.
 */
export function budgetMeter(
  spent: number,
  forecast: number,
  budget: { amount: number; thresholds: readonly number[] },
): BudgetMeter {
  const percentOf = (cents: number) => (budget.amount > 0 ? (cents / budget.amount) * 100 : 0);
  const spentPercent = percentOf(spent);
  const forecastPercent = percentOf(forecast);
  const scale = Math.min(
    MAX_SCALE_PERCENT,
    Math.max(100, spentPercent, forecastPercent, ...budget.thresholds),
  );
  const at = (percent: number) => Math.min(100, Math.max(0, (percent / scale) * 100));
  const marks = [...budget.thresholds]
    .sort((a, b) => a - b)
    .map((threshold) => ({ threshold, at: at(threshold), reached: spentPercent >= threshold }));
  return {
    spentPercent: Math.floor(spentPercent),
    forecastPercent: Math.floor(forecastPercent),
    spentWidth: at(spentPercent),
    forecastWidth: at(forecastPercent),
    budgetAt: at(100),
    marks,
    tone: spentPercent >= 100 ? 'over' : marks.some((mark) => mark.reached) ? 'warning' : 'ok',
  };
}
