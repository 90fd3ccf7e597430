import { describe, expect, it } from 'vitest';
import { openOrderStatuses, orderStatuses } from '@alpenkube/contract/orders';
import { isOpenStatus, openStatuses, orderStatusDisplay, orderStatusList } from './order-status';

describe('the order status mapping', () => {
  it('gives every status of the contract its own label, colour and explanation', () => {
    expect(orderStatusList).toEqual([...orderStatuses]);
    const labels = orderStatusList.map((status) => orderStatusDisplay[status].label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(orderStatusDisplay.pending_payment).toMatchObject({
      label: 'Pending payment',
      variant: 'warning',
    });
    expect(orderStatusDisplay.completed.variant).toBe('success');
    expect(orderStatusDisplay.failed.variant).toBe('destructive');
    expect(orderStatusDisplay.cancelled.variant).toBe('secondary');
    for (const status of orderStatusList) {
      expect(orderStatusDisplay[status].explanation).toMatch(/\.$/);
    }
  });

  it('counts as open exactly the statuses the contract calls open', () => {
    expect([...openStatuses]).toEqual([...openOrderStatuses]);
    expect(orderStatusList.filter(isOpenStatus)).toEqual([...openOrderStatuses]);
  });
});
