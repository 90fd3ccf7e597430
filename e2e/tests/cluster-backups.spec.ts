import { expect, test, type Page } from '../support/fixtures';
import { devLogin, untilSocketOpen } from '../support/session';
import { runningCluster } from '../support/clusters';
import { seriousViolations, switchColorScheme } from '../support/axe';

const statusBadge = (page: Page) => page.locator('h1 [data-status]');
const backupList = (page: Page) => page.getByRole('list', { name: 'Backups' });

test.describe('cluster backups', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
    await devLogin(page, 'demo');
  });

  test('a backup taken on demand, then restored as an operation with its events', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const cluster = await runningCluster(page.request, baseURL!, {
      prefix: 'backups',
      tier: 'blue',
    });
    await page.goto(`/clusters/${cluster.id}`);
    await expect(statusBadge(page)).toHaveText('Running');
    const section = page.getByTestId('cluster-backups');
    await expect(section).toContainText('Daily etcd backups, kept 7 days');
    await expect(section).toContainText('Simulated provider');
    // From here on the page follows the cluster without reloading.
    await untilSocketOpen(page);

    await page.getByRole('button', { name: 'Back up now' }).click();
    const manual = backupList(page).getByRole('listitem').filter({ hasText: 'On demand' });
    await expect(manual).toContainText('Complete', { timeout: 30_000 });
    await expect(manual).toContainText(/\d+\.\d MB · kept until/);
    await expect(
      page.getByRole('list', { name: 'Cluster events' }).getByText(/^Backup of .* taken/),
    ).toBeVisible();

    await manual.getByRole('button', { name: /Restore from the backup of/ }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Restore ${cluster.name}`) });
    await expect(dialog).toContainText('created or changed since are lost');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await expect(dialog).toBeHidden();
    const events = page.getByRole('list', { name: 'Cluster events' });
    // The badge reads Running before the restore starts too: its last event says it ended.
    await expect(events.getByText(`Cluster ${cluster.name} restored from its backup`)).toBeVisible({
      timeout: 30_000,
    });
    await expect(statusBadge(page)).toHaveText('Running');
    // The operation's start and its step both name the backup.
    await expect(events.getByText(/^Restoring etcd from the backup of/).first()).toBeVisible();

    const shots = process.env.E2E_SCREENSHOTS;
    for (const scheme of ['light', 'dark'] as const) {
      await switchColorScheme(page, scheme);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/cluster-backups-desktop-${scheme}.png` });
        await page.screenshot({
          path: `${shots}/cluster-page-desktop-${scheme}.png`,
          fullPage: true,
        });
        await page.setViewportSize({ width: 390, height: 844 });
        await section.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/cluster-backups-phone-${scheme}.png` });
      }
    }
  });
});
