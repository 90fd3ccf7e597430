import { describe, expect, it } from 'vitest';
import { vatFor } from '@alpenkube/contract';
import {
  firstPeriodStart,
  invoiceNumber,
  invoiceTotals,
  startOfUtcMonth,
} from './invoice-totals.ts';

const lines = [
  { kind: 'order' as const, amount: 10_000 },
  { kind: 'renewal' as const, amount: 2_500 },
  { kind: 'usage' as const, amount: 1_234 },
];

describe('invoice totals', () => {
  it('adds the standard VAT on the whole month and charges what was not prepaid', () => {
    const { rateBasisPoints } = vatFor({ country: 'DE', vatNumber: null, vatNumberStatus: null });
    expect(rateBasisPoints).toBe(2000);
    expect(invoiceTotals(lines, rateBasisPoints)).toEqual({
      subtotal: 13_734,
      // 13,734 × 20% = 2,746.8, rounded half up.
      tax: 2_747,
      total: 16_481,
      prepaid: 12_500,
      amountDue: 3_981,
    });
  });

  it('charges no VAT under the reverse charge: the amount due is the usage alone', () => {
    const vat = vatFor({ country: 'DE', vatNumber: 'DE123456789', vatNumberStatus: 'valid' });
    expect(vat).toEqual({ treatment: 'reverse_charge', rateBasisPoints: 0 });
    expect(invoiceTotals(lines, vat.rateBasisPoints)).toEqual({
      subtotal: 13_734,
      tax: 0,
      total: 13_734,
      prepaid: 12_500,
      amountDue: 1_234,
    });
  });

  it('keeps French customers and customers without details at the home rate', () => {
    const confirmed = { vatNumberStatus: 'valid' as const };
    expect(vatFor({ country: 'FR', vatNumber: 'FR61912345678', ...confirmed }).treatment).toBe(
      'standard',
    );
    expect(vatFor(null).rateBasisPoints).toBe(2000);
    expect(vatFor({ country: 'US', vatNumber: 'US123', ...confirmed }).treatment).toBe('standard');
  });

  it('charges VAT on a number the EU registry has not confirmed: pending, refused or unreachable', () => {
    for (const vatNumberStatus of ['pending', 'invalid', 'unavailable'] as const) {
      const vat = vatFor({ country: 'DE', vatNumber: 'DE123456789', vatNumberStatus });
      expect(vat).toEqual({ treatment: 'standard', rateBasisPoints: 2000 });
    }
  });

  it('rounds the tax half up, once, on the subtotal', () => {
    expect(invoiceTotals([{ kind: 'usage', amount: 1_251 }], 2000).tax).toBe(250); // 250.2
    expect(invoiceTotals([{ kind: 'usage', amount: 1_253 }], 2000).tax).toBe(251); // 250.6
    expect(invoiceTotals([{ kind: 'usage', amount: 1_252 }], 2500).tax).toBe(313); // 313.0
    expect(invoiceTotals([{ kind: 'usage', amount: 2 }], 2500).tax).toBe(1); // 0.5 → 1
  });

  it('never asks for less than nothing', () => {
    expect(invoiceTotals([{ kind: 'order', amount: 500 }], 0).amountDue).toBe(0);
    expect(invoiceTotals([], 2000)).toEqual({
      subtotal: 0,
      tax: 0,
      total: 0,
      prepaid: 0,
      amountDue: 0,
    });
  });
});

describe('invoice numbers', () => {
  it('are INV-<year>-<six digits>', () => {
    expect(invoiceNumber(2026, 1)).toBe('INV-2026-000001');
    expect(invoiceNumber(2026, 123)).toBe('INV-2026-000123');
    expect(invoiceNumber(2027, 999_999)).toBe('INV-2027-999999');
  });

  it('refuse a sequence that does not fit', () => {
    expect(() => invoiceNumber(2026, 0)).toThrow(RangeError);
    expect(() => invoiceNumber(2026, 1_000_000)).toThrow(RangeError);
  });
});

describe('periods', () => {
  it('start a month at midnight UTC of its first day', () => {
    expect(startOfUtcMonth(new Date('2026-03-31T23:59:59Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
  });

  it("start the first invoice at the first event's month, or the creation if later", () => {
    const created = new Date('2026-01-15T10:00:00Z');
    expect(firstPeriodStart(created, new Date('2026-03-10T08:00:00Z')).toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(firstPeriodStart(created, new Date('2026-01-20T08:00:00Z'))).toEqual(created);
    // An event recorded before the organization: the period still holds it.
    const early = new Date('2026-01-02T00:00:00Z');
    expect(firstPeriodStart(created, early)).toEqual(early);
  });
});
