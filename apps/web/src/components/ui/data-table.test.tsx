import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Pool {
  name: string;
  nodes: number;
}

const pools: Pool[] = [
  { name: 'system', nodes: 3 },
  { name: 'workers', nodes: 12 },
];

const columns: DataTableColumn<Pool>[] = [
  { id: 'name', header: 'Pool', rowHeader: true, cell: (pool) => pool.name },
  {
    id: 'nodes',
    header: 'Nodes',
    align: 'right',
    cellProps: (pool) => ({ title: `${pool.nodes} nodes` }),
    cell: (pool) => pool.nodes,
  },
];

describe('DataTable', () => {
  it('renders a named table with column and row headers', () => {
    render(
      <DataTable
        caption="Node pools"
        columns={columns}
        rows={pools}
        rowKey={(pool) => pool.name}
        rowProps={() => ({ 'data-testid': 'pool-row' })}
        tableProps={{ 'data-testid': 'pools' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Node pools' });
    expect(table).toBe(screen.getByTestId('pools'));
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['Pool', 'Nodes']);
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true);

    const rowHeader = within(table).getByRole('rowheader', { name: 'workers' });
    expect(rowHeader).toHaveAttribute('scope', 'row');
    expect(screen.getAllByTestId('pool-row')).toHaveLength(2);

    const cell = within(table).getByRole('cell', { name: '12' });
    expect(cell).toHaveAttribute('title', '12 nodes');
    expect(cell.className).toContain('text-right');
    expect(headers[1]!.className).toContain('text-right');
  });

  it('hides the caption visually unless asked, and scrolls sideways in its frame', () => {
    const { container, rerender } = render(
      <DataTable caption="Node pools" columns={columns} rows={pools} />,
    );
    expect(container.querySelector('caption')).toHaveClass('sr-only');
    expect(container.firstElementChild).toHaveClass('overflow-x-auto');
    rerender(<DataTable caption="Node pools" showCaption columns={columns} rows={pools} />);
    expect(container.querySelector('caption')).not.toHaveClass('sr-only');
  });

  it('shows a placeholder across every column instead of the rows', () => {
    render(
      <DataTable caption="Node pools" columns={columns} rows={pools} placeholder="Loading…" />,
    );
    const cell = screen.getByRole('cell', { name: 'Loading…' });
    expect(cell).toHaveAttribute('colspan', '2');
    expect(screen.queryByRole('rowheader')).toBeNull();
  });
});
