import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';
import { seriousViolations, switchColorScheme } from '../support/axe';

test.describe('cluster metrics', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await devLogin(page, 'demo');
  });

  test('a running cluster’s page charts its CPU and memory, simulated, per range and node', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const cluster = await runningCluster(page.request, baseURL!, {
      prefix: 'metrics',
      tier: 'blue',
    });
    await page.goto(`/clusters/${cluster.id}`);
    const card = page.getByTestId('cluster-metrics');
    await card.scrollIntoViewIfNeeded();
    // The charts come with the first sign of someone at the page (the table shows before).
    await page.mouse.move(10, 10);
    await page.mouse.move(20, 20);
    await expect(card.getByRole('heading', { name: 'Metrics' })).toBeVisible();
    await expect(card.getByText('Simulated metrics', { exact: true })).toBeVisible();
    // The charts are drawn (their code loaded with the card), with a line each.
    for (const kind of ['cpu', 'memory']) {
      const chart = card.getByTestId(`metrics-chart-${kind}`);
      await expect(chart.locator('svg[role="img"]')).toBeVisible();
      await expect(chart.locator('path').first()).toBeAttached();
    }
    await expect(
      card.getByRole('img', { name: /CPU in use by all 3 nodes over the last 1 h/ }),
    ).toBeVisible();
    const summary = card.getByTestId('metrics-summary');
    await expect(summary.getByRole('row', { name: /CPU/ })).toContainText(
      /\d+\.\d\d cores \(\d+%\)/,
    );

    await card.getByRole('button', { name: '7 d' }).click();
    await expect(card.getByRole('button', { name: '7 d' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByRole('img', { name: /over the last 7 d/ }).first()).toBeVisible();
    await card.getByRole('combobox').selectOption({ index: 1 });
    await expect(card.getByRole('img', { name: /CPU in use by node / })).toBeVisible();

    const shots = process.env.E2E_SCREENSHOTS;
    for (const scheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, scheme);
      expect(await seriousViolations(page, { within: '[data-testid="cluster-metrics"]' })).toEqual(
        [],
      );
      if (shots) {
        for (const [name, width] of [
          ['desktop', 1440],
          ['phone', 390],
        ] as const) {
          await page.setViewportSize({ width, height: 900 });
          await card.scrollIntoViewIfNeeded();
          await page.waitForTimeout(300);
          await card.screenshot({ path: `${shots}/cluster-metrics-${name}-${scheme}.png` });
        }
        await page.setViewportSize({ width: 1280, height: 720 });
      }
    }
  });
});
