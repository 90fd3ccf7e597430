import { expect, test, type Page } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { devLogin } from '../support/session';

const validate = (page: Page) => page.getByRole('button', { name: /^Validate with / });
const answer = (page: Page) => page.getByTestId('dry-run-result');

test.describe('provider test pages', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
  });

  test("a driver's health and regions, and a dry run it accepts", async ({ page }) => {
    await page.goto('/aws-eks-test');
    await expect(
      page.getByRole('heading', { name: 'Amazon Web Services (EKS) diagnostics', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Simulated provider', { exact: true })).toBeVisible();
    await expect(page.getByTestId('provider-health-status')).toHaveText('Operational');
    await expect(page.getByTestId('provider-latency')).toHaveText(/^\d+ ms$/);
    await expect(page.getByText('about 10 minutes')).toBeVisible();
    const frankfurt = page.locator('[data-testid="provider-region"][data-region="eu-central-1"]');
    await expect(frankfurt).toContainText('Frankfurt, DE');
    await expect(frankfurt).toContainText('Available');

    await page.getByLabel('Region', { exact: true }).selectOption('eu-central-1');
    await page.getByLabel('Nodes').fill('4');
    await page.getByLabel('High-availability control plane').check();
    await validate(page).click();
    await expect(answer(page).getByRole('status')).toContainText(
      'Amazon Web Services (EKS) accepts this configuration',
    );
    await expect(page.getByTestId('dry-run-estimate')).toHaveText(
      /^Creating it would take about \d+ minutes? at the provider's pace, 8 steps\.$/,
    );
  });

  test('a dry run over the quota is refused with the field named', async ({ page }) => {
    await page.goto('/digitalocean-doks-test');
    await page.getByLabel('Tier').selectOption('red');
    await page.getByLabel('Nodes').fill('150');
    await validate(page).click();
    const refusal = answer(page).getByRole('alert');
    await expect(refusal).toContainText('DigitalOcean (DOKS) refuses this configuration (1 issue)');
    await expect(refusal.getByRole('listitem')).toHaveText(
      'nodePools Quota exceeded: DOKS allows 100 nodes per cluster, not 150',
    );
    // A valid one after it replaces the refusal.
    await page.getByLabel('Nodes').fill('5');
    await validate(page).click();
    await expect(answer(page).getByRole('status')).toContainText('accepts this configuration');
    await expect(answer(page).getByRole('alert')).toHaveCount(0);
  });

  test('a region without capacity: the health says so, and the dry run there is refused', async ({
    page,
  }) => {
    await page.goto('/huawei-cce-test');
    await expect(page.getByTestId('provider-health-status')).toHaveText('Degraded');
    await expect(page.getByTestId('provider-health-message')).toContainText('af-south-1');
    await expect(
      page.locator('[data-testid="provider-region"][data-region="af-south-1"]'),
    ).toContainText('No capacity');
    await page.getByLabel('Region', { exact: true }).selectOption('af-south-1');
    await validate(page).click();
    await expect(answer(page).getByRole('alert').getByRole('listitem')).toHaveText(
      'nodePools[0].size No capacity in af-south-1 right now',
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`a provider test page has no serious accessibility violation, ${scheme}`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/gcp-cluster-test');
      await validate(page).click();
      await expect(answer(page).getByRole('status')).toBeVisible();
      // Not over the button: its hover shade is the design system's, not this page's.
      await page.mouse.move(0, 0);
      // The page's own content: the header's bell changes with every spec's notifications.
      const serious = await seriousViolations(page, { within: '#main-content' });
      expect(serious).toEqual([]);
    });
  }
});
