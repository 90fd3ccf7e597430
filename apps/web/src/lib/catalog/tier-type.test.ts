import { describe, expect, it } from 'vitest';
import { displayTierName, tierKeywords, tierTypeForName } from './tier-type';

describe('tier name → cluster-type page', () => {
  it('covers the whole keyword table, in either case', () => {
    const table = tierKeywords.flatMap(([keywords, page]) => keywords.map((k) => [k, page]));
    expect(table).toEqual([
      ['blue', 'blue'],
      ['standard', 'blue'],
      ['red', 'red'],
      ['enterprise', 'red'],
      ['green', 'green'],
      ['economy', 'green'],
      ['data', 'data'],
      ['ai', 'ai'],
      ['ml', 'ai'],
      ['violet', 'ai'],
      ['sandbox', 'sandbox'],
      ['gray', 'sandbox'],
      ['dev', 'orange'],
      ['test', 'orange'],
      ['orange', 'orange'],
    ]);
    for (const [keyword, page] of table) {
      expect(tierTypeForName(`My ${keyword} tier`)).toBe(page);
      expect(tierTypeForName(`MY ${keyword!.toUpperCase()} TIER`)).toBe(page);
    }
  });

  it.each([
    ['Standard (Blue)', 'blue'],
    ['Enterprise (Red)', 'red'],
    ['Economy (Green)', 'green'],
    ['Data Analytics', 'data'],
    ['AI/ML (Violet)', 'ai'],
    ['Dev/Test (Orange)', 'orange'],
    ['Sandbox (Gray)', 'sandbox'],
    // A keyword counts inside a word too.
    ['DevOps', 'orange'],
    ['Testbed', 'orange'],
    ['Bigdata', 'data'],
    // The first row that matches wins.
    ['Standard Dev', 'blue'],
    ['Enterprise Data', 'red'],
    ['Anything else', 'blue'],
    ['', 'blue'],
  ])('%s → %s', (name, page) => {
    expect(tierTypeForName(name)).toBe(page);
  });

  it('strips trailing parenthesised text from the displayed name', () => {
    expect(displayTierName('Standard (Blue)')).toBe('Standard');
    expect(displayTierName('AI/ML (Violet) ')).toBe('AI/ML');
    expect(displayTierName('Data Analytics')).toBe('Data Analytics');
    expect(displayTierName('(Beta) Sandbox')).toBe('(Beta) Sandbox');
  });
});
