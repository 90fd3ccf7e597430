import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorOrganizationPage } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage } from '@/test/test-utils';
import { activeOrganization, operatorUser, pendingOrganization } from '../test-fixtures';
import { OrganizationsPage } from './organizations-page';

beforeEach(() => clearGetCache());

const page = (
  organizations: OperatorOrganizationPage['organizations'],
): OperatorOrganizationPage => ({
  organizations,
  total: organizations.length,
  counts: { pending_approval: 3, active: 12, suspended: 1 },
});

describe('OrganizationsPage', () => {
  it('shows pending ones first with how long they wait, the pending count on its tab, and links to each', async () => {
    renderPage(<OrganizationsPage />, {
      url: '/admin/organizations',
      user: operatorUser,
      routes: {
        'GET /api/admin/organizations?limit=50': () =>
          json(page([pendingOrganization, activeOrganization])),
      },
    });
    const table = await screen.findByRole('table', { name: 'Organizations' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Bergblick Analytics GmbH');
    expect(rows[0]).toHaveTextContent('Pending approval');
    expect(rows[0]).toHaveTextContent('waiting 4 days');
    expect(rows[1]).toHaveTextContent('$125.50');
    expect(
      within(rows[0]!).getByRole('link', { name: 'Bergblick Analytics GmbH' }),
    ).toHaveAttribute('href', '/admin/organizations/5');
    const tabs = screen.getByRole('navigation', { name: 'Organization status' });
    expect(within(tabs).getByRole('link', { name: /Pending approval/ })).toHaveTextContent('3');
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by the tab in the address and searches by name or Billing ID', async () => {
    const { calls } = renderPage(<OrganizationsPage />, {
      url: '/admin/organizations?status=active',
      user: operatorUser,
      routes: {
        'GET /api/admin/organizations?status=active&limit=50': () =>
          json(page([activeOrganization])),
        'GET /api/admin/organizations?status=active&search=demo&limit=50': () =>
          json(page([activeOrganization])),
      },
    });
    expect(await screen.findAllByText('Alpenkube Demo GmbH')).not.toHaveLength(0);
    expect(
      within(screen.getByRole('navigation', { name: 'Organization status' })).getByRole('link', {
        name: 'Active',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await userEvent.type(screen.getByRole('searchbox', { name: /Search/ }), 'demo{Enter}');
    await screen.findAllByText('Alpenkube Demo GmbH');
    expect(calls).toContain('GET /api/admin/organizations?status=active&search=demo&limit=50');
  });

  it('says when nothing waits for approval', async () => {
    renderPage(<OrganizationsPage />, {
      url: '/admin/organizations?status=pending_approval',
      user: operatorUser,
      routes: {
        'GET /api/admin/organizations?status=pending_approval&limit=50': () => json(page([])),
      },
    });
    expect(await screen.findByText('No organization is waiting for approval.')).toBeVisible();
  });
  it('lists the credit codes and issues a new one, in dollars and days', async () => {
    const open = {
      id: 1,
      code: 'LAUNCH-2026',
      amount: 5_000,
      description: 'Launch week credit',
      expiresOn: '2999-01-31',
      maxRedemptions: 100,
      redemptions: 12,
      revokedAt: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    let codes = [open, { ...open, id: 2, code: 'OLD-ONE', revokedAt: '2026-11-21T10:00:00.000Z' }];
    let sent: unknown;
    renderPage(<OrganizationsPage />, {
      url: '/admin/organizations',
      user: operatorUser,
      routes: {
        'GET /api/admin/organizations?limit=50': () => json(page([activeOrganization])),
        'GET /api/billing/credit-codes': () => json(codes),
        'POST /api/billing/credit-codes': (init) => {
          sent = JSON.parse(String(init?.body));
          const made = { ...open, id: 3, code: 'WELCOME', amount: 2_500, redemptions: 0 };
          codes = [made, ...codes];
          return json(made, 201);
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Credit codes, newest first' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('LAUNCH-2026');
    expect(first).toHaveTextContent('$50.00');
    expect(first).toHaveTextContent('12 of 100');
    expect(first).toHaveTextContent('Open');
    expect(within(first!).getByRole('button', { name: 'Revoke LAUNCH-2026' })).toBeEnabled();
    expect(second).toHaveTextContent('Revoked');
    expect(within(second!).queryByRole('button')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'New code' }));
    const form = await screen.findByRole('form', { name: 'New credit code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'welcome');
    await userEvent.type(within(form).getByLabelText(/Credit per organization/), '25');
    await userEvent.type(within(form).getByLabelText('Description'), 'Welcome credit');
    await userEvent.click(within(form).getByRole('button', { name: 'Issue code' }));
    expect(await within(table).findByText('WELCOME')).toBeVisible();
    expect(sent).toMatchObject({
      code: 'WELCOME',
      amount: 2_500,
      description: 'Welcome credit',
      maxRedemptions: 100,
    });
  });
});
