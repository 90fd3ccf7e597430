import { Readable } from 'node:stream';

/**
 * A CSV field: quoted when it holds a separator, a quote or a line break, and kept from being
 * read as a formula by a spreadsheet (a leading =, +, -, @, tab or carriage return).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: (string | number | null | undefined)[]) =>
  fields.map(csvField).join(',');

/**
 * A CSV file streamed as its rows arrive (a header line, then one line per row, each ending
 * with CRLF): a long export is written a page at a time instead of held in memory.
 */
export function csvStream<T>(
  header: string,
  rows: AsyncIterable<T>,
  line: (row: T) => string,
): Readable {
  async function* lines() {
    yield `${header}\r\n`;
    for await (const row of rows) yield `${line(row)}\r\n`;
  }
  return Readable.from(lines());
}
