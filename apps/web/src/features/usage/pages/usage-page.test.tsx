import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageReport, UsageRow } from '@alpenkube/contract';
import { setCurrency } from '@/lib/currency';
import { json, renderPage, type Route } from '@/test/test-utils';
import { UsagePage } from './usage-page';

// 15 March 2026, midday UTC: "this month" is 1–15 March.
const NOW = new Date('2026-03-15T12:00:00Z');
const MONTH = 'from=2026-03-01&to=2026-03-15';
const CLUSTERS = 'GET /api/clusters?sort=name&limit=100';

const row = (fields: Partial<UsageRow> & Pick<UsageRow, 'metric'>): UsageRow => ({
  day: null,
  clusterId: null,
  clusterName: null,
  quantity: 0,
  billableQuantity: 0,
  cost: 0,
  ...fields,
});

const report = (groupBy: UsageReport['groupBy'], rows: UsageRow[]): UsageReport => ({
  from: '2026-03-01',
  to: '2026-03-15',
  groupBy,
  currency: 'USD',
  totalCost: rows.reduce((sum, item) => sum + item.cost, 0),
  rows,
  simulatedEgress: rows.some((item) => item.metric === 'egress_gb'),
});

const dayRows = [
  row({ day: '2026-03-13', metric: 'node_hours', quantity: 48, billableQuantity: 0, cost: 0 }),
  row({ day: '2026-03-13', metric: 'egress_gb', quantity: 2.5, billableQuantity: 2.5, cost: 23 }),
  row({ day: '2026-03-14', metric: 'node_hours', quantity: 72, billableQuantity: 24, cost: 1250 }),
  row({ day: '2026-03-14', metric: 'egress_gb', quantity: 3, billableQuantity: 3, cost: 27 }),
];

const clusterPage = () =>
  json({
    items: [
      { id: 3, name: 'shop-prod' },
      { id: 5, name: 'shop-staging' },
    ],
    total: 2,
    page: 1,
    pageSize: 100,
  });

function render(url: string, routes: Record<string, Route>) {
  return renderPage(<UsagePage />, { url, routes: { [CLUSTERS]: clusterPage, ...routes } });
}

const texts = (rows: HTMLElement[]) =>
  rows.map((item) => [...item.querySelectorAll('th, td')].map((cell) => cell.textContent));

/**
 * The distinct usage requests, in order: strict mode mounts the page twice and the first
 * mount's request is cancelled, so each URL is asked twice in tests.
 */
const usageCalls = (calls: string[]) => [
  ...new Set(calls.filter((call) => call.startsWith('GET /api/usage'))),
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // jsdom lays nothing out: the charts get a width to draw in.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    width: 640,
    height: 260,
  } as DOMRect);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the usage page', () => {
  it('charts this month’s cost by day and resource, with tables of the same figures', async () => {
    const { calls } = render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () => json(report('day', dayRows)),
    });
    expect(await screen.findByTestId('usage-total')).toHaveTextContent('$13.00');
    expect(screen.getByText(/1 Mar – 15 Mar 2026 · All clusters/)).toBeInTheDocument();
    expect(screen.getByTestId('usage-currency-note')).toHaveTextContent(
      'Invoices are in US dollars.',
    );
    // Egress through a simulated provider's load balancers is said to be generated.
    expect(screen.getByText('Egress: simulated traffic')).toBeInTheDocument();

    const cost = screen.getByTestId('daily-cost');
    expect(within(cost).getByRole('img', { name: 'Daily cost by resource' })).toBeInTheDocument();
    // Days with a cost: the 13th (egress) and the 14th (nodes and egress): three segments.
    expect(within(cost).getAllByTestId('chart-bar')).toHaveLength(3);
    // One bar (and place to point at) per day of the range, even without usage.
    expect(within(cost).getAllByTestId('chart-hit-area')).toHaveLength(15);
    expect(texts(within(cost).getAllByTestId('daily-cost-row'))).toEqual([
      ['13 Mar 2026', '$0.00', '$0.23', '$0.23'],
      ['14 Mar 2026', '$12.50', '$0.27', '$12.77'],
    ]);

    const quantity = screen.getByTestId('daily-quantity');
    expect(texts(within(quantity).getAllByTestId('daily-quantity-row'))).toEqual([
      ['13 Mar 2026', '48', '0', '$0.00'],
      ['14 Mar 2026', '72', '24', '$12.50'],
    ]);
    // Prepaid and billable parts: the 13th all prepaid, the 14th both.
    expect(within(quantity).getAllByTestId('chart-bar')).toHaveLength(3);

    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      `/api/usage?${MONTH}&groupBy=day&format=csv`,
    );
    expect(usageCalls(calls)).toEqual([`GET /api/usage?${MONTH}&groupBy=day`]);
  });

  it('asks for the clusters of a tag, from the URL and from the Tag field, CSV included', async () => {
    const { calls, router } = render('/usage?tag=team:web', {
      [`GET /api/usage?${MONTH}&groupBy=day&tag=team%3Aweb`]: () => json(report('day', dayRows)),
      [`GET /api/usage?${MONTH}&groupBy=day&tag=env-prod`]: () => json(report('day', [])),
    });
    expect(await screen.findByTestId('usage-total')).toHaveTextContent('$13.00');
    expect(screen.getByText(/1 Mar – 15 Mar 2026 · Clusters tagged team:web/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      `/api/usage?${MONTH}&groupBy=day&tag=team%3Aweb&format=csv`,
    );
    const field = screen.getByLabelText('Tag');
    expect(field).toHaveValue('team:web');
    fireEvent.change(field, { target: { value: 'Env-Prod' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?tag=env-prod'));
    await waitFor(() =>
      expect(usageCalls(calls)).toEqual([
        `GET /api/usage?${MONTH}&groupBy=day&tag=team%3Aweb`,
        `GET /api/usage?${MONTH}&groupBy=day&tag=env-prod`,
      ]),
    );
  });

  it('shows a day’s figures when its bar is pointed at', async () => {
    render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () => json(report('day', dayRows)),
    });
    const cost = await screen.findByTestId('daily-cost');
    const day = within(cost)
      .getAllByTestId('chart-hit-area')
      .find((area) => area.dataset.key === '2026-03-14')!;
    fireEvent.pointerEnter(day);
    const tooltip = within(cost).getByTestId('chart-tooltip');
    expect(tooltip).toHaveTextContent('14 Mar 2026');
    expect(tooltip).toHaveTextContent('Nodes$12.50');
    expect(tooltip).toHaveTextContent('Egress$0.27');
    expect(tooltip).toHaveTextContent('Total$12.77');
  });

  it('charts another resource’s quantity when it is chosen, and keeps the choice in the URL', async () => {
    const user = userEvent.setup();
    const { router } = render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () => json(report('day', dayRows)),
    });
    const quantity = await screen.findByTestId('daily-quantity');
    await user.selectOptions(within(quantity).getByLabelText('Resource'), 'egress_gb');
    expect(router.state.location.search).toBe('?metric=egress_gb');
    expect(texts(within(quantity).getAllByTestId('daily-quantity-row'))).toEqual([
      ['13 Mar 2026', '2.5', '2.5', '$0.23'],
      ['14 Mar 2026', '3', '3', '$0.27'],
    ]);
  });

  it('asks for one cluster, by cluster, over the last 30 days as they are chosen', async () => {
    const user = userEvent.setup();
    const { calls } = render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () => json(report('day', dayRows)),
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=day': () =>
        json(report('day', dayRows)),
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=day&clusterId=3': () =>
        json(report('day', dayRows)),
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=cluster&clusterId=3': () =>
        json(
          report('cluster', [
            row({ clusterId: 3, clusterName: 'shop-prod', metric: 'node_hours', cost: 1250 }),
            row({ clusterId: 3, clusterName: 'shop-prod', metric: 'egress_gb', cost: 50 }),
          ]),
        ),
    });
    await screen.findByTestId('daily-cost');
    await user.selectOptions(screen.getByLabelText('Period (UTC)'), '30d');
    await screen.findByRole('option', { name: 'shop-prod' });
    await user.selectOptions(screen.getByLabelText('Cluster'), 'shop-prod');
    await user.click(screen.getByRole('link', { name: 'By cluster' }));
    const clusters = await screen.findByTestId('cluster-cost');
    expect(texts(within(clusters).getAllByTestId('cluster-cost-row'))).toEqual([
      ['shop-prod', '$12.50', '$0.50', '$13.00'],
    ]);
    expect(within(clusters).getByRole('link', { name: 'shop-prod' })).toHaveAttribute(
      'href',
      '/clusters/3',
    );
    expect(screen.getByText(/shop-prod$/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Download CSV/ })).toHaveAttribute(
      'href',
      '/api/usage?from=2026-02-14&to=2026-03-15&groupBy=cluster&clusterId=3&format=csv',
    );
    expect(usageCalls(calls)).toEqual([
      `GET /api/usage?${MONTH}&groupBy=day`,
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=day',
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=day&clusterId=3',
      'GET /api/usage?from=2026-02-14&to=2026-03-15&groupBy=cluster&clusterId=3',
    ]);
  });

  it('totals each resource when grouped by resource', async () => {
    render('/usage?groupBy=metric', {
      [`GET /api/usage?${MONTH}&groupBy=metric`]: () =>
        json(
          report('metric', [
            row({ metric: 'node_hours', quantity: 120, billableQuantity: 24, cost: 1250 }),
            row({ metric: 'storage_gb_hours', quantity: 3600, billableQuantity: 3600, cost: 49 }),
          ]),
        ),
    });
    const totals = await screen.findByTestId('metric-totals');
    expect(texts(within(totals).getAllByTestId('metric-total-row'))).toEqual([
      ['Nodes120 node-hours', '120 node-hours', '24 node-hours', '$12.50'],
      ['Storage3,600 GB-hours', '3,600 GB-hours', '3,600 GB-hours', '$0.49'],
    ]);
    expect(screen.getByRole('link', { name: 'By resource' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('says so when nothing ran in the range', async () => {
    render('/usage?range=last-month', {
      'GET /api/usage?from=2026-02-01&to=2026-02-28&groupBy=day': () =>
        json({ ...report('day', []), from: '2026-02-01', to: '2026-02-28' }),
    });
    expect(await screen.findByText('No usage in this range')).toBeInTheDocument();
    expect(screen.queryByTestId('daily-cost')).toBeNull();
  });

  it('shows the server’s refusal with a retry', async () => {
    let healthy = false;
    render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () =>
        healthy ? json(report('day', dayRows)) : json({ message: 'Usage is resting' }, 503),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The usage could not be loaded');
    expect(alert).toHaveTextContent('Usage is resting');
    healthy = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('usage-total')).toHaveTextContent('$13.00');
  });

  it('checks a custom range before asking for it', async () => {
    const { calls } = render('/usage?range=custom&from=2025-01-01&to=2026-03-01', {});
    expect(await screen.findByText('At most 366 days at once')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('link', { name: /Download CSV/ })).toBeNull();
    await waitFor(() => expect(calls).toContain(CLUSTERS));
    expect(usageCalls(calls)).toEqual([]);
  });

  it('shows amounts in the display currency and the invoiced dollars beside them', async () => {
    render('/usage', {
      [`GET /api/usage?${MONTH}&groupBy=day`]: () => json(report('day', dayRows)),
    });
    await screen.findByTestId('usage-total');
    act(() => setCurrency('EUR'));
    // $13.00 at 0.9, rounded down to the cent.
    expect(screen.getByTestId('usage-total')).toHaveTextContent('€11.70');
    expect(screen.getByTestId('usage-currency-note')).toHaveTextContent(
      'Invoices are in US dollars: $13.00 for this range.',
    );
    expect(texts(screen.getAllByTestId('daily-cost-row'))[1]).toEqual([
      '14 Mar 2026',
      '€11.25',
      '€0.24',
      '€11.49',
    ]);
    // The chart draws the converted amounts: its figures are the table's.
    const day = screen
      .getAllByTestId('chart-hit-area')
      .find((area) => area.dataset.key === '2026-03-14')!;
    fireEvent.pointerEnter(day);
    expect(screen.getByTestId('chart-tooltip')).toHaveTextContent(
      '14 Mar 2026Nodes€11.25Egress€0.24Total€11.49',
    );
  });
});
