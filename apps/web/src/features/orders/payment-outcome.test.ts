import { describe, expect, it, vi } from 'vitest';
import type { Order, PayResult } from '@alpenkube/contract';
import { HttpError } from '@/lib/http';
import { parseOrderId } from '@/lib/order-cache';
import { settlePayment } from './payment-outcome';
import { order } from '@/test/test-orders';

const challenge = {
  status: 'requires_action' as const,
  cardAmount: 45_000,
  creditAmount: 0,
  card: { brand: 'Visa', last4: '3220' },
  challengeUrl: '/gateway/challenge/abc',
  failureMessage: null,
};

function requests(current: Order, pay?: () => Promise<PayResult>) {
  return {
    getOrder: vi.fn(async () => current),
    payOrder: vi.fn(pay ?? (() => Promise.reject(new Error('not expected')))),
  };
}

describe('the payment-success decision', () => {
  it('reads the order id from ?order only when it is a positive whole number', () => {
    expect(parseOrderId('42')).toBe(42);
    for (const bad of [
      null,
      '',
      '0',
      '-1',
      '4.2',
      '42abc',
      'abc',
      '99999999999999999999',
      '2147483648',
    ]) {
      expect(parseOrderId(bad)).toBeNull();
    }
  });

  it('shows a paid order as paid without paying again', async () => {
    for (const status of ['paid', 'fulfilling', 'completed'] as const) {
      const calls = requests(order({ status }));
      await expect(settlePayment(42, calls)).resolves.toMatchObject({ kind: 'paid' });
      expect(calls.payOrder).not.toHaveBeenCalled();
    }
  });

  it('finishes an order back from the challenge page by paying once', async () => {
    const paid = order({ status: 'fulfilling' });
    const calls = requests(order({ payment: challenge }), async () => ({
      status: 'paid',
      order: paid,
      challengeUrl: null,
    }));
    await expect(settlePayment(42, calls)).resolves.toEqual({ kind: 'paid', order: paid });
    expect(calls.payOrder).toHaveBeenCalledTimes(1);
    expect(calls.payOrder).toHaveBeenCalledWith(42);
  });

  it('shows the decline message of a 402', async () => {
    const calls = requests(order({ payment: challenge }), () =>
      Promise.reject(new HttpError('The card was declined by its issuer.', 402)),
    );
    await expect(settlePayment(42, calls)).resolves.toMatchObject({
      kind: 'declined',
      message: 'The card was declined by its issuer.',
    });
  });

  it('keeps asking for the challenge while the gateway still waits for it', async () => {
    const waiting = order({ payment: challenge });
    const calls = requests(waiting, async () => ({
      status: 'requires_action',
      order: waiting,
      challengeUrl: '/gateway/challenge/abc',
    }));
    await expect(settlePayment(42, calls)).resolves.toMatchObject({
      kind: 'action',
      challengeUrl: '/gateway/challenge/abc',
    });
  });

  it('reads the order again when the payment is refused otherwise (paid in another tab)', async () => {
    const calls = requests(order({ payment: challenge }), () =>
      Promise.reject(new HttpError('Order ORD-000042 is paid: it cannot be paid.', 409)),
    );
    calls.getOrder
      .mockResolvedValueOnce(order({ payment: challenge }))
      .mockResolvedValueOnce(order({ status: 'fulfilling' }));
    await expect(settlePayment(42, calls)).resolves.toMatchObject({ kind: 'paid' });
    expect(calls.getOrder).toHaveBeenCalledTimes(2);
  });

  it('tells an unpaid, a failed-payment, a cancelled and an unknown order apart', async () => {
    await expect(settlePayment(42, requests(order()))).resolves.toMatchObject({ kind: 'unpaid' });
    const failed = order({
      payment: { ...challenge, status: 'failed', failureMessage: 'Insufficient funds.' },
    });
    await expect(settlePayment(42, requests(failed))).resolves.toMatchObject({
      kind: 'declined',
      message: 'Insufficient funds.',
    });
    await expect(
      settlePayment(42, requests(order({ status: 'cancelled' }))),
    ).resolves.toMatchObject({ kind: 'closed' });
    const missing = {
      getOrder: vi.fn(() => Promise.reject(new HttpError('Order not found', 404))),
      payOrder: vi.fn(),
    };
    await expect(settlePayment(7, missing)).resolves.toEqual({ kind: 'not-found' });
    const down = {
      getOrder: vi.fn(() => Promise.reject(new HttpError('Service unavailable', 503))),
      payOrder: vi.fn(),
    };
    await expect(settlePayment(7, down)).resolves.toEqual({
      kind: 'error',
      message: 'Service unavailable',
    });
  });
});
