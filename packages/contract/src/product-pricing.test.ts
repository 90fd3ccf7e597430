import { describe, expect, it } from 'vitest';
import { priceProduct, priceProductPlanChange, productPlanPrice } from './product-pricing.ts';

const standard = { slug: 'standard', name: 'Standard', priceMonthly: 8900, priceYearly: 89000 };

describe('product pricing', () => {
  it('prices a plan as one line at the chosen cycle', () => {
    const { lines, total } = priceProduct(
      { slug: 'postgresql', name: 'PostgreSQL' },
      standard,
      'yearly',
    );
    expect(total).toBe(89000);
    expect(lines).toEqual([
      {
        kind: 'product',
        ref: 'postgresql:standard',
        description: 'PostgreSQL, Standard',
        quantity: 1,
        unitMonthly: 8900,
        unitYearly: 89000,
        monthly: 8900,
        yearly: 89000,
      },
    ]);
    expect(productPlanPrice(standard, 'monthly')).toBe(8900);
  });

  it('charges an upgrade rounded half up and credits a downgrade rounded down, by whole hours left', () => {
    // 16,000 × 1 / 744 = 21.5: the charge rounds up, so cancelling at once cannot gain a cent.
    expect(
      priceProductPlanChange({
        fromPeriodPrice: 8900,
        toPeriodPrice: 24900,
        hoursLeft: 1,
        periodHours: 744,
      }),
    ).toEqual({ charge: 22, credit: 0 });
    expect(
      priceProductPlanChange({
        fromPeriodPrice: 8900,
        toPeriodPrice: 24900,
        hoursLeft: 360,
        periodHours: 720,
      }),
    ).toEqual({ charge: 8000, credit: 0 });
    expect(
      priceProductPlanChange({
        fromPeriodPrice: 24900,
        toPeriodPrice: 1900,
        hoursLeft: 1,
        periodHours: 744,
      }),
    ).toEqual({ charge: 0, credit: 30 });
    expect(
      priceProductPlanChange({
        fromPeriodPrice: 8900,
        toPeriodPrice: 24900,
        hoursLeft: 0,
        periodHours: 720,
      }),
    ).toEqual({ charge: 0, credit: 0 });
  });
});
