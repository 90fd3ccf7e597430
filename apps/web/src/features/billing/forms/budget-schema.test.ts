import { describe, expect, it } from 'vitest';
import { budgetFormSchema, parseDollars, parseThresholds } from './budget-schema';

const issuesOf = (values: { amount: string; thresholds: string }) =>
  budgetFormSchema
    .safeParse(values)
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the budget form', () => {
  it('reads dollars and cents as typed', () => {
    expect(parseDollars('500')).toBe(50_000);
    expect(parseDollars(' $1,250.5 ')).toBe(125_050);
    expect(parseDollars('0.07')).toBe(7);
    expect(parseDollars('12.345')).toBeNull();
    expect(parseDollars('lots')).toBeNull();
    expect(parseDollars('')).toBeNull();
  });

  it('reads thresholds separated by commas, spaces or percent signs', () => {
    expect(parseThresholds('50, 80,100')).toEqual([50, 80, 100]);
    expect(parseThresholds('90% 75%')).toEqual([90, 75]);
    expect(parseThresholds('80, most')).toBeNull();
    expect(parseThresholds('')).toEqual([]);
  });

  it('answers the contract’s body, thresholds ascending', () => {
    expect(budgetFormSchema.parse({ amount: '2500', thresholds: '100, 50' })).toEqual({
      amount: 250_000,
      thresholds: [50, 100],
    });
  });

  it('puts each of the contract’s refusals on its field, once', () => {
    expect(issuesOf({ amount: '0.5', thresholds: '' })).toEqual([
      'amount: At least $1',
      'thresholds: At least one threshold',
    ]);
    expect(issuesOf({ amount: '100', thresholds: '0, 250' })).toEqual(['thresholds: From 1%']);
    expect(issuesOf({ amount: '100', thresholds: '1, 2, 3, 4, 5, 6' })).toEqual([
      'thresholds: At most five thresholds',
    ]);
    expect(issuesOf({ amount: 'x', thresholds: 'y' })).toEqual([
      'amount: Enter an amount in US dollars, e.g. 500',
      'thresholds: Whole percentages, separated by commas',
    ]);
  });
});
