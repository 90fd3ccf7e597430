import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductInstance } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { NewTicketForm } from './new-ticket-form';

beforeEach(() => clearGetCache());

const product = (id: number, name: string, status: ProductInstance['status']) =>
  ({ id, name, productName: 'Managed PostgreSQL', status }) as ProductInstance;

describe('NewTicketForm', () => {
  it('offers the organization’s live products and sends the chosen one with the ticket', async () => {
    let sent: FormData | undefined;
    renderPage(<NewTicketForm plans={undefined} />, {
      url: '/support',
      routes: {
        'GET /api/clusters?limit=100&sort=name': () => json({ items: [], nextCursor: null }),
        'GET /api/products?limit=100': () =>
          json([product(4, 'orders-db', 'active'), product(5, 'old-db', 'cancelled')]),
        'POST /api/support/tickets': (init) => {
          sent = init?.body as FormData;
          return json({ message: 'stop here' }, 400);
        },
      },
    });
    const picker = await screen.findByRole('combobox', { name: 'Product (optional)' });
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'orders-db (Managed PostgreSQL)' })).toBeVisible(),
    );
    expect(screen.queryByRole('option', { name: /old-db/ })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Slow queries');
    await userEvent.selectOptions(picker, '4');
    await userEvent.type(
      screen.getByRole('textbox', { name: /Description/ }),
      'Queries take seconds since this morning.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open the ticket' }));
    await waitFor(() => expect(sent?.get('relatedProductId')).toBe('4'));
  });
});
