import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { SecretField } from './secret-field';

beforeEach(() => clearGetCache());

const product: ProductDetail = {
  id: 7,
  name: 'orders-db',
  product: 'postgresql',
  productName: 'Managed PostgreSQL',
  category: 'Databases',
  plan: 'standard',
  planName: 'Standard',
  planSize: '2 vCPU',
  region: 'alpenkube:eu-de-fra',
  regionLabel: 'Frankfurt (DE)',
  billingCycle: 'monthly',
  status: 'active',
  statusReason: null,
  progress: 100,
  endpoint: 'orders-db.postgresql.eu-de-fra.alpenkube.cloud:5432',
  username: 'orders_db_admin',
  secretVersion: 1,
  secretShown: false,
  secretRotatedAt: null,
  orderId: 3,
  createdAt: '2026-11-24T00:00:00.000Z',
  activeAt: '2026-11-24T00:01:00.000Z',
  cancelledAt: null,
  period: null,
  cancelCredit: 0,
  pendingOrderId: null,
  usage: [],
};

describe('SecretField', () => {
  it('reveals a never-shown secret at once, with the warning that it is shown once', async () => {
    const sent: unknown[] = [];
    renderPage(<SecretField product={product} />, {
      url: '/orders/products/7',
      routes: {
        'POST /api/products/7/secret': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ secret: 's3cret-value', version: 1, firstReveal: true });
        },
      },
    });
    await userEvent.click(
      await screen.findByRole('button', { name: /Reveal the secret \(shown once\)/ }),
    );
    expect(await screen.findByTestId('product-secret')).toHaveTextContent('s3cret-value');
    expect(screen.getByText('Copy it now')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    expect(sent).toEqual([{}]);
  });

  it('asks for the password once the secret was shown, and says when it is wrong', async () => {
    renderPage(<SecretField product={{ ...product, secretShown: true }} />, {
      url: '/orders/products/7',
      routes: {
        'POST /api/products/7/secret': (init) => {
          const body = JSON.parse(String(init?.body)) as { password?: string };
          return body.password === 'right-password'
            ? json({ secret: 's3cret-value', version: 1, firstReveal: false })
            : json({ message: 'The password is not correct.' }, 403);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /Reveal the secret again/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Enter your password' });
    const password = within(dialog).getByLabelText('Password', { selector: 'input' });
    await userEvent.type(password, 'wrong-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the secret' }));
    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    await userEvent.clear(password);
    await userEvent.type(password, 'right-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the secret' }));
    expect(await screen.findByTestId('product-secret')).toHaveTextContent('s3cret-value');
    expect(screen.queryByText('Copy it now')).not.toBeInTheDocument();
  });
});
