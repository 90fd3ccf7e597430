import { expect, test, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from '../support/axe';

interface UsageRow {
  day: string | null;
  clusterId: number | null;
  clusterName: string | null;
  metric: string;
  quantity: number;
  billableQuantity: number;
  cost: number;
}
interface UsageReport {
  totalCost: number;
  rows: UsageRow[];
}

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** '3 Mar 2026', as the page writes a UTC day. */
const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
const quantityText = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 3 });
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

const lastDays = (count: number) => {
  const now = Date.now();
  return `from=${utcDay(now - (count - 1) * DAY_MS)}&to=${utcDay(now)}`;
};

async function usageReport(page: Page, query: string) {
  const response = await page.request.get(`/api/usage?${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as UsageReport;
}

/**
 * The demo organization's cluster that ran the most node-hours in the last 90 days, once
 * metered: the demo clusters come with days of history, which the metering chore (every
 * minute, from the server's start) turns into usage records.
 */
async function clusterThatRan(page: Page) {
  let ran: { id: number; name: string } | undefined;
  await expect
    .poll(
      async () => {
        const { rows } = await usageReport(page, `${lastDays(90)}&groupBy=cluster`);
        const busiest = rows
          .filter((row) => row.metric === 'node_hours' && row.clusterId !== null)
          .sort((a, b) => b.quantity - a.quantity)[0];
        ran = busiest?.quantity
          ? { id: busiest.clusterId!, name: busiest.clusterName! }
          : undefined;
        return ran;
      },
      { timeout: 120_000, intervals: [1000, 2000, 5000] },
    )
    .toBeDefined();
  return ran!;
}

test.describe('usage', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
  });

  test('a cluster’s days: charted, the table the same, the CSV of the same query', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const cluster = await clusterThatRan(page);
    const query = `${lastDays(90)}&groupBy=day&clusterId=${cluster.id}`;
    const report = await usageReport(page, query);
    const nodeDays = report.rows.filter(
      (row) => row.metric === 'node_hours' && row.day !== null && row.quantity > 0,
    );

    await page.goto(`/usage?range=90d&cluster=${cluster.id}`);
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Cluster', { exact: true })).toHaveValue(String(cluster.id));
    const section = page.getByTestId('daily-quantity');
    await expect(section.getByLabel('Resource', { exact: true })).toHaveValue('node_hours');

    // The table: one row per day the cluster ran, with the API's node-hours.
    const rows = section.getByTestId('daily-quantity-row');
    await expect(rows).toHaveCount(nodeDays.length);
    await expect(rows.locator('th')).toHaveText(nodeDays.map((row) => dayLabel(row.day!)));
    await expect(rows.locator('td:nth-child(2)')).toHaveText(
      nodeDays.map((row) => quantityText(row.quantity)),
    );

    // The chart: a bar for each of the 90 days, a segment for each non-zero part of the days
    // that ran (prepaid and billable), and the figures of the last of them when pointed at.
    const chart = section.getByRole('img', { name: 'Daily nodes usage in node-hours' });
    await expect(chart).toBeVisible();
    await expect(chart.getByTestId('chart-hit-area')).toHaveCount(90);
    const segments = nodeDays.reduce(
      (count, row) =>
        count + Number(row.quantity - row.billableQuantity > 0) + Number(row.billableQuantity > 0),
      0,
    );
    await expect(chart.getByTestId('chart-bar')).toHaveCount(segments);
    const last = nodeDays.at(-1)!;
    await chart.locator(`[data-testid="chart-hit-area"][data-key="${last.day}"]`).hover();
    const tooltip = section.getByTestId('chart-tooltip');
    await expect(tooltip).toContainText(dayLabel(last.day!));
    const prepaid = Math.round((last.quantity - last.billableQuantity) * 1000) / 1000;
    if (prepaid > 0) await expect(tooltip).toContainText(`Prepaid${quantityText(prepaid)}`);
    if (last.billableQuantity > 0) {
      await expect(tooltip).toContainText(`Billable${quantityText(last.billableQuantity)}`);
    }

    // The total, with the invoiced dollars beside a converted figure (the default display
    // currency is the euro).
    await expect(page.getByTestId('usage-currency-note')).toContainText(
      `Invoices are in US dollars: ${usd(report.totalCost)} for this range.`,
    );

    // The CSV link asks the same query in CSV.
    const csv = page.getByRole('link', { name: 'Download CSV' });
    await expect(csv).toHaveAttribute('href', `/api/usage?${query}&format=csv`);
    const response = await page.request.get((await csv.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/csv/);
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'day,cluster_id,cluster,metric,resource,unit,quantity,billable_quantity,cost_usd,tags',
    );
    expect(lines.length - 1).toBe(report.rows.length);
    // Each line names what it billed: the cluster's pools for its node-hours.
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^${last.day},,,node_hours,"?Nodes of pool [^,]+(, [^,]+)*"?,node-hours,${last.quantity.toFixed(3)},${last.billableQuantity.toFixed(3)},${(last.cost / 100).toFixed(2)},[a-z0-9:_ -]*$`,
        ),
      ),
    );

    expect(await seriousViolations(page)).toEqual([]);
  });

  test('by cluster and by resource, and a range without usage', async ({ page }) => {
    test.setTimeout(150_000);
    const cluster = await clusterThatRan(page);

    await page.goto('/usage?range=90d');
    await page.getByRole('link', { name: 'By cluster' }).click();
    await expect(page).toHaveURL(/groupBy=cluster/);
    const clusters = page.getByTestId('cluster-cost');
    await expect(clusters.getByRole('link', { name: cluster.name })).toHaveAttribute(
      'href',
      `/clusters/${cluster.id}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'By resource' }).click();
    await expect(
      page
        .getByTestId('metric-totals')
        .getByTestId('metric-total-row')
        .filter({ hasText: 'Nodes' }),
    ).toBeVisible();

    // A custom range before the organization existed: nothing ran.
    await page.getByLabel('Period (UTC)').selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('No usage in this range')).toBeVisible();
    // More than 366 days is refused before asking.
    await page.getByLabel('To', { exact: true }).fill('2021-06-30');
    await expect(page.getByText('At most 366 days at once')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  });

  test('the dashboard shows the month’s spend and leads to usage', async ({ page }) => {
    const monthToDate = async () => {
      const response = await page.request.get('/api/billing/summary');
      expect(response.ok(), await response.text()).toBe(true);
      return usd(((await response.json()) as { monthToDate: number }).monthToDate);
    };
    const before = await monthToDate();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Spend this month' })).toBeVisible();
    await expect(page.getByTestId('spend-month-to-date')).toBeVisible();
    // Euros on screen (the default display currency), the invoiced dollars beside them; the
    // metering chore may add an hour meanwhile.
    const note = page.getByTestId('spend-currency-note');
    await expect(note).toContainText(/Invoices are in US dollars: \$[\d,]+\.\d\d so far/);
    const after = await monthToDate();
    expect([before, after].map((amount) => `US dollars: ${amount} so far`)).toContain(
      (await note.textContent())!.match(/US dollars: \S+ so far/)![0],
    );
    await page.getByRole('link', { name: 'Usage by day and cluster' }).click();
    await expect(page).toHaveURL(/\/usage$/);
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  });
});
