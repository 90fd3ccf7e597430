import { expect, test, type Page } from '../support/fixtures';
import { extractText, getDocumentProxy } from 'unpdf';
import { devLogin } from '../support/session';
import { toastText } from './auth-helpers';
import { seriousViolations } from '../support/axe';

/*
 * The billing journey of the demo organization, end to end: its paid cluster runs, the month is
 * closed (the only spec that closes it: two closes at once would race for one period), the
 * invoice appears with its links and its detail, its PDF says what the invoice says, the usage page charts the
 * cluster, and a budget crossed reaches the admin's bell. The admin's budget is put back as the
 * demo data left it.
 */

interface Invoice {
  id: number;
  number: string;
  total: number;
  amountDue: number;
  lines: { description: string; amount: number }[];
}

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function runningCluster(page: Page, name: string) {
  await expect
    .poll(
      async () => {
        const answer = (await (await page.request.get('/api/clusters')).json()) as {
          items: { name: string; status: string }[];
        };
        return answer.items.find((cluster) => cluster.name === name)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('running');
}

test('a cluster runs, the month closes, its invoice and PDF, the usage chart, a budget alert', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await devLogin(page, 'admin');
  // The demo order paid at start-up builds prod-eu.
  await runningCluster(page, 'prod-eu');

  await page.goto('/billing');
  const rows = page.getByTestId('invoice-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await page.getByRole('button', { name: 'Close month now' }).click();
  // The close meters the organization first: just after the server starts, while the chore
  // catches up the demo clusters' month, that takes more than the default five seconds.
  await expect(toastText(page, 'Month closed')).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(before + 1);

  const [newest] = (await (await page.request.get('/api/billing/invoices')).json()) as {
    id: number;
  }[];
  const invoice = (await (
    await page.request.get(`/api/billing/invoices/${newest!.id}`)
  ).json()) as Invoice;
  await expect(rows.first()).toContainText(invoice.number);

  // Its row's links: the PDF and the period's usage as CSV.
  const newestRow = rows.first();
  const pdfLink = newestRow.getByRole('link', { name: `${invoice.number} as PDF` });
  expect(await pdfLink.getAttribute('href')).toBe(`/api/billing/invoices/${invoice.id}/pdf`);
  const csv = await page.request.get(
    (await newestRow
      .getByRole('link', { name: `${invoice.number} usage as CSV` })
      .getAttribute('href'))!,
  );
  expect(csv.headers()['content-type']).toContain('text/csv');

  // Its detail: lines and totals, in a dialog the URL names.
  await newestRow.click();
  await expect(page).toHaveURL(/\/billing\?invoice=\d+$/);
  const dialog = page.getByRole('dialog', { name: new RegExp(`Invoice ${invoice.number}`) });
  await expect(dialog.getByLabel('Invoice totals')).toContainText('Amount due');
  await expect(dialog.getByTestId('invoice-line')).toHaveCount(invoice.lines.length);
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/billing$/);

  // The PDF holds the invoice: its number, the customer, every line and the totals.
  const pdf = await page.request.get(`/api/billing/invoices/${invoice.id}/pdf`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  const document = await getDocumentProxy(new Uint8Array(await pdf.body()));
  // Long lines wrap in the PDF, after a space or a hyphen: compare with the spacing made
  // uniform and none after a hyphen.
  const words = (value: string) => value.replace(/\s+/g, ' ').replace(/- /g, '-');
  const text = words((await extractText(document, { mergePages: true })).text);
  expect(text).toContain(invoice.number);
  expect(text).toContain('Alpenkube Demo GmbH');
  expect(text).toContain('Reverse charge');
  for (const line of invoice.lines) expect(text).toContain(words(line.description));
  expect(text).toContain(usd(invoice.total));

  // The usage page charts the cluster that ran today.
  await page.goto('/usage?groupBy=cluster');
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('prod-eu');

  // A budget this month's spend already exceeds: the admin is alerted at once, by the bell.
  const original = (await (await page.request.get('/api/billing/budget')).json()) as {
    amount: number;
    thresholds: number[];
  };
  try {
    await page.goto('/dashboard');
    const answer = await page.request.put('/api/billing/budget', {
      data: { amount: 100, thresholds: [75, 95] },
    });
    expect(answer.ok()).toBe(true);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toContainText('Budget alert: 95% of your $1.00 monthly budget');
  } finally {
    await page.request.put('/api/billing/budget', {
      data: { amount: original.amount, thresholds: original.thresholds },
    });
  }
});
