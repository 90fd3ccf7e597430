import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline';

describe('the order timeline', () => {
  it('lists every status change oldest first, with its note and time', () => {
    render(
      <OrderTimeline
        timeline={[
          { status: 'paid', note: 'Paid with Visa ending 4242', at: '2026-03-01T10:05:00.000Z' },
          { status: 'pending_payment', note: null, at: '2026-03-01T10:00:00.000Z' },
          { status: 'fulfilling', note: 'Cluster prod-eu ordered', at: '2026-03-01T10:05:01.000Z' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Order timeline' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Pending payment',
      'Paid',
      'Fulfilling',
    ]);
    expect(items[1]).toHaveTextContent('Paid with Visa ending 4242');
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
  });

  it('says so when nothing is recorded', () => {
    render(<OrderTimeline timeline={[]} />);
    expect(screen.getByText('No status change recorded yet.')).toBeInTheDocument();
  });
});
