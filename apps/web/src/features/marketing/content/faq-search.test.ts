import { describe, expect, it } from 'vitest';
import { faq } from './faq';
import { searchFaq } from './faq-search';

describe('searchFaq', () => {
  it('returns everything for an empty query', () => {
    expect(searchFaq('', faq)).toEqual(faq);
  });

  it('matches answers as well as questions, ignoring case', () => {
    const ids = searchFaq('CLOUD act', faq).map((e) => e.id);
    expect(ids).toContain('cloud-act');
  });

  it('requires every word', () => {
    expect(searchFaq('health data', faq).map((e) => e.id)).toContain('hds');
    expect(searchFaq('health zebra', faq)).toHaveLength(0);
  });

  it('has unique ids', () => {
    expect(new Set(faq.map((e) => e.id)).size).toBe(faq.length);
  });
});
