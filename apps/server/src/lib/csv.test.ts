import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv.ts';

describe('CSV fields', () => {
  it('quotes separators, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(null)).toBe('');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-1')).toBe("'-1");
    // A number is written as it is: a negative amount stays a number for the spreadsheet.
    expect(csvField(-1)).toBe('-1');
    expect(csvLine([1, 'x,y', undefined])).toBe('1,"x,y",');
  });
});
