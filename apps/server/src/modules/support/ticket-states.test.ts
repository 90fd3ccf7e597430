import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error.ts';
import {
  assertCustomerCanReply,
  assertTicketTransition,
  nextStatuses,
  reopenUntil,
} from './ticket-states.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-24T12:00:00Z');
const ticket = (
  status: 'open' | 'awaiting_customer' | 'resolved' | 'closed',
  settledDaysAgo?: number,
) => {
  const at = settledDaysAgo === undefined ? null : new Date(now.getTime() - settledDaysAgo * DAY);
  return {
    number: 'T-100001',
    status,
    resolvedAt: status === 'resolved' || status === 'closed' ? at : null,
    closedAt: status === 'closed' ? at : null,
  };
};
const refused = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return (error as HttpError).statusCode;
  }
  return null;
};

describe('ticket state machine', () => {
  it('lets a customer settle an open ticket, and staff also hand it to the customer', () => {
    expect(nextStatuses(ticket('open'), 'customer', now)).toEqual(['resolved', 'closed']);
    expect(nextStatuses(ticket('open'), 'staff', now)).toEqual([
      'awaiting_customer',
      'resolved',
      'closed',
    ]);
    expect(
      refused(() => assertTicketTransition(ticket('open'), 'awaiting_customer', 'customer')),
    ).toBe(409);
    expect(refused(() => assertTicketTransition(ticket('closed'), 'resolved', 'staff'))).toBe(409);
  });

  it('lets a customer reopen within 14 days of settling, staff at any time', () => {
    expect(reopenUntil(ticket('resolved', 0))!.getTime()).toBe(now.getTime() + 14 * DAY);
    expect(reopenUntil(ticket('open'))).toBeNull();
    expect(
      refused(() => assertTicketTransition(ticket('closed', 13), 'open', 'customer', now)),
    ).toBeNull();
    expect(
      refused(() => assertTicketTransition(ticket('closed', 15), 'open', 'customer', now)),
    ).toBe(409);
    expect(
      refused(() => assertTicketTransition(ticket('closed', 400), 'open', 'staff', now)),
    ).toBeNull();
    expect(nextStatuses(ticket('resolved', 15), 'customer', now)).toEqual(['closed']);
  });

  it('takes a customer reply on a resolved ticket in the window, never on a closed one', () => {
    expect(refused(() => assertCustomerCanReply(ticket('resolved', 2), now))).toBeNull();
    expect(refused(() => assertCustomerCanReply(ticket('resolved', 20), now))).toBe(409);
    expect(refused(() => assertCustomerCanReply(ticket('closed', 1), now))).toBe(409);
    expect(refused(() => assertCustomerCanReply(ticket('awaiting_customer'), now))).toBeNull();
  });
});
