import type { HTMLAttributes, Key, ReactNode, TdHTMLAttributes } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/cn';

/** `data-*` attributes, e.g. a test id, which the DOM attribute types do not list. */
type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

const alignments = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/** Row height: `compact` for short reference tables, `comfortable` for data with more lines. */
const cellVariants = cva('px-4', {
  variants: { density: { compact: 'py-2.5', comfortable: 'py-3' } },
  defaultVariants: { density: 'compact' },
});

/** `strong`: bold column names on the muted band; `subtle`: small upper-case labels. */
const headVariants = cva('', {
  variants: {
    header: {
      strong: 'bg-muted [&_th]:font-semibold',
      subtle:
        'bg-muted/60 text-xs tracking-wide text-muted-foreground uppercase [&_th]:font-medium',
    },
  },
  defaultVariants: { header: 'strong' },
});

export interface DataTableColumn<Row> {
  /** Unique among the columns; the React key of its cells. */
  id: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: keyof typeof alignments;
  /** The column that names the row: its cells are `<th scope="row">`. */
  rowHeader?: boolean;
  /** Classes for the header cell and every body cell, e.g. `hidden sm:table-cell`. */
  className?: string;
  /** Classes for the body cells only. */
  cellClassName?: string;
  /** Extra attributes of one body cell (a `title`, a test id). */
  cellProps?: (row: Row, index: number) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

export type DataTableProps<Row> = VariantProps<typeof cellVariants> &
  VariantProps<typeof headVariants> & {
    columns: readonly DataTableColumn<Row>[];
    rows: readonly Row[];
    /** Names the table for screen readers; shown only with `showCaption`. */
    caption: ReactNode;
    showCaption?: boolean;
    /** A stable key per row; without it the row's index is the key. */
    rowKey?: (row: Row, index: number) => Key;
    /** Attributes of each body row, e.g. a test id. */
    rowProps?: (row: Row, index: number) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
    /** Shown across all columns instead of rows: a loading or empty message. */
    placeholder?: ReactNode;
    /** Classes of the bordered, horizontally scrolling frame (e.g. `bg-card`, a margin). */
    className?: string;
    /** Attributes of the <table> itself. */
    tableProps?: HTMLAttributes<HTMLTableElement> & DataAttributes;
  };

/**
 * A semantic table for typed rows: a caption, column headers with `scope="col"`, an optional
 * row-header column with `scope="row"`. The frame scrolls sideways when a phone is too narrow
 * for the columns, and the colours come from the theme's tokens, so light and dark both work.
 * No library: public pages use it under their weight budget (ADR 0003).
 */
export function DataTable<Row>({
  columns,
  rows,
  caption,
  showCaption = false,
  rowKey,
  rowProps,
  placeholder,
  density,
  header,
  className,
  tableProps,
}: DataTableProps<Row>) {
  return (
    // relative: a visually hidden label (absolutely placed) inside a cell scrolls with the table
    // instead of widening the page beyond a phone's screen.
    <div className={cn('relative overflow-x-auto rounded-xl border border-border', className)}>
      <table {...tableProps} className={cn('w-full text-sm', tableProps?.className)}>
        <caption
          className={showCaption ? 'px-4 py-2.5 text-left text-muted-foreground' : 'sr-only'}
        >
          {caption}
        </caption>
        <thead className={headVariants({ header })}>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  cellVariants({ density }),
                  alignments[column.align ?? 'left'],
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {placeholder !== undefined ? (
            <tr className="border-t border-border">
              <td
                colSpan={columns.length}
                className={cn(cellVariants({ density }), 'py-6 text-muted-foreground')}
              >
                {placeholder}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => {
              const trProps = rowProps?.(row, index);
              return (
                <tr
                  key={rowKey ? rowKey(row, index) : index}
                  {...trProps}
                  className={cn('border-t border-border', trProps?.className)}
                >
                  {columns.map((column) => {
                    const Cell = column.rowHeader ? 'th' : 'td';
                    const props = column.cellProps?.(row, index);
                    return (
                      <Cell
                        key={column.id}
                        scope={column.rowHeader ? 'row' : undefined}
                        {...props}
                        className={cn(
                          cellVariants({ density }),
                          alignments[column.align ?? 'left'],
                          column.rowHeader && 'font-medium',
                          column.className,
                          column.cellClassName,
                          props?.className,
                        )}
                      >
                        {column.cell(row, index)}
                      </Cell>
                    );
                  })}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
