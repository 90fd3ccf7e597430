import { describe, expect, it } from 'vitest';
import { budgetMeter } from './budget-meter';

describe('the budget bar', () => {
  it('fills the spent share of the budget, the forecast behind it, a mark per threshold', () => {
    const meter = budgetMeter(6_000, 14_000, { amount: 20_000, thresholds: [80, 50, 100] });
    expect(meter).toEqual({
      spentPercent: 30,
      forecastPercent: 70,
      spentWidth: 30,
      forecastWidth: 70,
      budgetAt: 100,
      marks: [
        { threshold: 50, at: 50, reached: false },
        { threshold: 80, at: 80, reached: false },
        { threshold: 100, at: 100, reached: false },
      ],
      tone: 'ok',
    });
  });

  it('warns once a threshold is reached, and says over past the budget', () => {
    expect(budgetMeter(10_000, 12_000, { amount: 20_000, thresholds: [50, 90] }).tone).toBe(
      'warning',
    );
    expect(budgetMeter(9_999, 12_000, { amount: 20_000, thresholds: [50, 90] }).tone).toBe('ok');
    expect(budgetMeter(20_000, 20_000, { amount: 20_000, thresholds: [150] }).tone).toBe('over');
  });

  it('stretches past the budget for a higher threshold or spending, up to twice the budget', () => {
    // A 150% threshold: the bar spans 150%, the budget two thirds along.
    const high = budgetMeter(15_000, 15_000, { amount: 10_000, thresholds: [50, 150] });
    expect(high.budgetAt).toBeCloseTo(66.667, 2);
    expect(high.spentWidth).toBe(100);
    expect(high.marks.map((mark) => [mark.threshold, Math.round(mark.at), mark.reached])).toEqual([
      [50, 33, true],
      [150, 100, true],
    ]);
    // Spending five times the budget: the bar stops at 200%, the figure says the truth.
    const far = budgetMeter(50_000, 80_000, { amount: 10_000, thresholds: [80] });
    expect(far.spentPercent).toBe(500);
    expect(far.budgetAt).toBe(50);
    expect(far.spentWidth).toBe(100);
    expect(far.marks[0]!.at).toBe(40);
  });

  it('rounds the shares down, so 99.9% does not read as the whole budget', () => {
    expect(budgetMeter(9_999, 9_999, { amount: 10_000, thresholds: [100] }).spentPercent).toBe(99);
  });
});
