import { expect, test, type Page } from '../support/fixtures';
import { devLogin, devNotify } from '../support/session';

async function openBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  return page.getByRole('dialog', { name: 'Notifications' });
}

test.describe('notification bell', () => {
  test.beforeEach(async ({ page }) => {
    await devLogin(page, 'demo');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a notification pushed over /ws appears without waiting for the poll', async ({ page }) => {
    // The list is fetched when the panel opens and then polled every 10 s; a push makes the
    // page fetch it at once. Each fetch's time is kept to tell the two apart.
    const fetches: number[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/notifications') fetches.push(Date.now());
    });
    // Loaded again so that the list's first fetch is seen too.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const panel = await openBell(page);
    // "Real-time" shows once the socket is open: the push can then come through it.
    await expect(panel.getByText('Real-time')).toBeVisible();
    const message = `Pushed ${Date.now()}`;
    const sent = Date.now();
    await devNotify(page, message, 'success');
    // Generous for a busy machine; what proves the push is the fetch it caused, below.
    await expect(panel.getByText(message)).toBeVisible({ timeout: 8000 });
    expect(fetches.some((at) => at <= sent)).toBe(true);
    const before = fetches.filter((at) => at <= sent).at(-1)!;
    const after = fetches.find((at) => at > sent)!;
    // Fetched well before the poll would have come, 10 s after the previous fetch.
    expect(after - before).toBeLessThan(8000);
  });

  test('mark one read, mark all read and move to trash', async ({ page }) => {
    const first = `First ${Date.now()}`;
    const second = `Second ${Date.now()}`;
    await devNotify(page, first);
    await devNotify(page, second, 'warning');
    // The page may have fetched its list between the two writes, before its socket was open.
    await page.reload();
    const panel = await openBell(page);
    const item = (text: string) => panel.getByTestId('notification-item').filter({ hasText: text });
    await expect(item(second)).toHaveAttribute('data-read', 'false');

    await item(second).getByRole('button', { name: 'Mark as read' }).click();
    await expect(item(second)).toHaveAttribute('data-read', 'true');

    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('All notifications marked as read').first()).toBeVisible();
    await expect(item(first)).toHaveAttribute('data-read', 'true');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

    await item(first).getByRole('button', { name: 'Move to trash' }).click();
    await expect(page.getByText('Notification moved to trash').first()).toBeVisible();
    await expect(item(first)).toHaveCount(0);
  });
});
