import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OperatorOrganizationDetail } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { json, renderPage, type Route } from '@/test/test-utils';
import { loadForms } from '../components/lazy-forms';
import {
  activeOrganization,
  detailOf,
  operatorUser,
  pendingOrganization,
  people,
} from '../test-fixtures';
import { OrganizationPage } from './organization-page';

beforeAll(() => loadForms());
beforeEach(() => clearGetCache());

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

function renderOrganization(
  initial: OperatorOrganizationDetail,
  routes: Record<string, Route> = {},
) {
  let current = initial;
  const set = (next: OperatorOrganizationDetail) => {
    current = next;
    return json(next);
  };
  const view = renderPage(<OrganizationPage />, {
    url: `/admin/organizations/${initial.id}`,
    path: '/admin/organizations/:id',
    user: operatorUser,
    routes: {
      [`GET /api/admin/organizations/${initial.id}`]: () => json(current),
      [`GET /api/admin/organizations/${initial.id}/users`]: () => json(people),
      ...routes,
    },
  });
  return { ...view, set };
}

describe('OrganizationPage', () => {
  it('approves a pending organization after asking, then shows it active', async () => {
    const sent: string[] = [];
    const { set } = renderOrganization(detailOf(pendingOrganization), {
      'POST /api/admin/organizations/5/approve': () => {
        sent.push('approve');
        return set(
          detailOf({
            ...pendingOrganization,
            status: 'active',
            approvedAt: '2026-11-24T06:00:00Z',
          }),
        );
      },
    });
    expect(await screen.findByRole('heading', { name: 'Bergblick Analytics GmbH' })).toBeVisible();
    expect(screen.getByText('waiting 4 days')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Bergblick Analytics GmbH?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeVisible();
    expect(sent).toEqual(['approve']);
    expect(screen.getByRole('link', { name: 'All members' })).toHaveAttribute(
      'href',
      '/admin/organization-users?organization=5',
    );
  });

  it(
    'suspends only with a reason, and shows the reason once suspended',
    { timeout: 20_000 },
    async () => {
      const bodies: unknown[] = [];
      const { set } = renderOrganization(detailOf(activeOrganization), {
        'POST /api/admin/organizations/6/suspend': (init) => {
          bodies.push(bodyOf(init));
          return set(
            detailOf({
              ...activeOrganization,
              status: 'suspended',
              suspendedReason: 'Unpaid since March',
            }),
          );
        },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
      const form = within(await screen.findByRole('form', { name: 'Reason' }));
      await userEvent.click(form.getByRole('button', { name: 'Suspend' }));
      expect(await form.findByText('Say why, in a few words')).toBeVisible();
      expect(bodies).toEqual([]);
      await userEvent.type(form.getByLabelText('Reason'), 'Unpaid since March');
      await userEvent.click(form.getByRole('button', { name: 'Suspend' }));
      expect(await screen.findByText(/Suspended: Unpaid since March/)).toBeVisible();
      expect(bodies).toEqual([{ reason: 'Unpaid since March' }]);
      expect(screen.getByRole('button', { name: 'Reinstate' })).toBeVisible();
    },
  );

  it('switches a person’s officer access', async () => {
    const bodies: unknown[] = [];
    renderOrganization(detailOf(activeOrganization), {
      'PUT /api/admin/users/9/officer-access': (init) => {
        bodies.push(bodyOf(init));
        return json({ ...people[0], officerAccess: true });
      },
    });
    const toggle = await screen.findByRole('switch', { name: 'Officer access for Bruno Berg' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(bodies).toEqual([{ officerAccess: true }]);
  });

  it('grants credit typed in dollars as cents, with its reason', { timeout: 20_000 }, async () => {
    const bodies: unknown[] = [];
    renderOrganization(detailOf(activeOrganization), {
      'POST /api/billing/credits': (init) => {
        bodies.push(bodyOf(init));
        return json(
          {
            id: 1,
            kind: 'grant',
            amount: 1250,
            balanceAfter: 13_800,
            description: 'Outage',
            orderId: null,
            createdAt: '2026-11-24T06:00:00Z',
          },
          201,
        );
      },
    });
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('$125.50');
    await userEvent.click(screen.getByRole('button', { name: 'Grant credit' }));
    const form = within(await screen.findByRole('form', { name: 'Grant credit' }));
    await userEvent.type(form.getByLabelText('Amount (US dollars)'), 'twelve');
    await userEvent.type(form.getByLabelText('Reason'), 'Sorry for the outage');
    await userEvent.click(form.getByRole('button', { name: 'Grant credit' }));
    expect(await form.findByText('Enter an amount in US dollars, e.g. 250')).toBeVisible();
    await userEvent.clear(form.getByLabelText('Amount (US dollars)'));
    await userEvent.type(form.getByLabelText('Amount (US dollars)'), '12.50');
    await userEvent.click(form.getByRole('button', { name: 'Grant credit' }));
    await screen.findByRole('button', { name: 'Grant credit' });
    expect(bodies).toEqual([{ organizationId: 6, amount: 1250, reason: 'Sorry for the outage' }]);
  });

  it(
    'voids an open invoice with a reason; a void one has no button',
    { timeout: 20_000 },
    async () => {
      const bodies: unknown[] = [];
      renderOrganization(detailOf(activeOrganization), {
        'POST /api/billing/invoices/31/void': (init) => {
          bodies.push(bodyOf(init));
          return json({}, 200);
        },
      });
      await screen.findByText('INV-2026-000031');
      expect(screen.queryByRole('button', { name: 'Void INV-2026-000030' })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Void INV-2026-000031' }));
      const form = within(await screen.findByRole('form', { name: 'Void invoice' }));
      // Nothing was paid: no credit note to choose for.
      expect(form.queryByRole('radio')).toBeNull();
      await userEvent.type(form.getByLabelText('Reason'), 'Billed twice');
      await userEvent.click(form.getByRole('button', { name: 'Void invoice' }));
      await screen.findByRole('button', { name: 'Void INV-2026-000031' });
      expect(bodies).toEqual([{ reason: 'Billed twice', refundTo: 'credit' }]);
    },
  );

  it(
    'voids a paid invoice with a credit note: credit by default, or the card that paid it',
    { timeout: 20_000 },
    async () => {
      const bodies: unknown[] = [];
      const paid = {
        id: 32,
        number: 'INV-2026-000032',
        status: 'paid' as const,
        issuedAt: '2026-11-01T00:00:00.000Z',
        total: 12_000,
        collected: 2_500,
        cardRefundable: 2_000,
        creditNote: null,
      };
      const bygone = {
        ...paid,
        id: 33,
        number: 'INV-2026-000033',
        status: 'void' as const,
        cardRefundable: 0,
        creditNote: 'CN-2026-000004',
      };
      renderOrganization(detailOf(activeOrganization, { invoices: [paid, bygone] }), {
        'POST /api/billing/invoices/32/void': (init) => {
          bodies.push(bodyOf(init));
          return json({}, 200);
        },
      });
      expect(await screen.findByText('CN-2026-000004')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Void INV-2026-000032' }));
      const form = within(await screen.findByRole('form', { name: 'Void invoice' }));
      // What the invoice collected goes back, not its total: the rest was prepaid by orders.
      expect(
        form.getByText('It was paid: a credit note gives back the $25.00 it collected'),
      ).toBeInTheDocument();
      expect(form.getByRole('radio', { name: /As credit/ })).toBeChecked();
      const card = form.getByRole('radio', {
        name: '$20.00 refunded to the card that paid it, the rest as credit',
      });
      expect(card).toBeEnabled();
      await userEvent.click(card);
      await userEvent.type(form.getByLabelText('Reason'), 'Billed twice');
      await userEvent.click(form.getByRole('button', { name: 'Void invoice' }));
      await screen.findByRole('button', { name: 'Void INV-2026-000032' });
      expect(bodies).toEqual([{ reason: 'Billed twice', refundTo: 'card' }]);
    },
  );
});
