import { describe, expect, it } from 'vitest';
import { orderStatuses } from '@alpenkube/contract';
import { HttpError } from '../../lib/http-error.ts';
import { assertOrderTransition, canTransition, orderNumber } from './order-states.ts';

describe('order state machine', () => {
  it('lets an unpaid order be paid or cancelled, and a paid one only move forward', () => {
    expect(canTransition('pending_payment', 'paid')).toBe(true);
    expect(canTransition('pending_payment', 'cancelled')).toBe(true);
    expect(canTransition('paid', 'fulfilling')).toBe(true);
    expect(canTransition('fulfilling', 'completed')).toBe(true);
    expect(canTransition('paid', 'cancelled')).toBe(false);
    expect(canTransition('cancelled', 'paid')).toBe(false);
  });

  it('ends in completed, failed and cancelled', () => {
    for (const end of ['completed', 'failed', 'cancelled'] as const) {
      for (const to of orderStatuses) expect(canTransition(end, to)).toBe(false);
    }
  });

  it('refuses a wrong transition with a 409 that names the order and says why', () => {
    let error: unknown;
    try {
      assertOrderTransition({ id: 42, status: 'fulfilling' }, 'cancelled');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(409);
    expect((error as HttpError).message).toBe(
      'Order ORD-000042 is paid and being fulfilled: only an order waiting for payment can be cancelled.',
    );
  });

  it('numbers orders with six digits', () => {
    expect(orderNumber(7)).toBe('ORD-000007');
    expect(orderNumber(1_234_567)).toBe('ORD-1234567');
  });
});
