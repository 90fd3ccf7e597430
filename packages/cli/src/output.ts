import { stringify } from 'yaml';

export type Format = 'table' | 'json' | 'yaml';
export const formats: readonly Format[] = ['table', 'json', 'yaml'];

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Rows as aligned columns, or the API's own objects as JSON or YAML. */
export function render<T>(data: T | T[], columns: Column<T>[], format: Format): string {
  if (format === 'json') return `${JSON.stringify(data, null, 2)}\n`;
  if (format === 'yaml') return stringify(data);
  const rows = Array.isArray(data) ? data : [data];
  const cells = [
    columns.map((column) => column.header),
    ...rows.map((row) => columns.map((column) => text(column.value(row)))),
  ];
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  return cells
    .map((line) =>
      line
        .map((cell, i) => (i === line.length - 1 ? cell : cell.padEnd(widths[i]!)))
        .join('   ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return String(value);
}

/** Integer minor units of USD, as the API keeps money. */
export const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
