import { gzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';

test.describe('anonymous shell', () => {
  test('header shows the public links and Sign In, not the signed-in controls', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Pricing', 'Documentation', 'Tutorials']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Support' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('button', { name: /Notifications/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('footer shows tiers, links, claims, copyright and the DEV version', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const types = ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'];
    for (const type of types) {
      await expect(footer.locator(`a[href="/cluster-types/${type}"]`).first()).toBeVisible();
    }
    // Names are shown without their trailing parentheses.
    await expect(footer.getByRole('link', { name: 'Standard', exact: true })).toBeVisible();
    for (const href of [
      '/documentation',
      '/tutorials',
      '/newsletter',
      '/about',
      '/contact',
      '/privacy-policy',
      '/terms',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
    }
    for (const claim of ['GDPR', 'HDS', 'CISPE', 'Data sovereignty']) {
      await expect(footer.getByText(claim, { exact: true })).toBeVisible();
    }
    await expect(
      footer.getByText(`© ${new Date().getFullYear()} Alpenkube. All rights reserved.`),
    ).toBeVisible();
    const version = footer.getByTestId('app-version');
    await expect(version).not.toContainText('loading...');
    await expect(version.getByText('DEV')).toBeVisible();
  });

  test('/fr redirects home and an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/fr');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a visitor, without the session hint, is known signed out: no session request, no 401', async ({
    page,
  }) => {
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') asked.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(errors.filter((text) => /401|Unauthorized/.test(text))).toEqual([]);
  });

  test('the home page downloads no dashboard code and at most 150 KB of gzipped JS', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Every script the page loaded, from its own Resource Timing: a response listener misses
    // chunks that arrive after the network went idle on a busy machine.
    const urls = await page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.endsWith('.js')),
      ),
    ]);
    const names = urls.map((url) => url.split('/').pop() ?? url);
    expect(
      names.some((name) => /dashboard-layout|sidebar|settings-page|signed-in-routes/.test(name)),
    ).toBe(false);
    const sizes = await Promise.all(
      urls.map(async (url) => {
        const response = await page.request.get(url);
        expect(response.ok(), url).toBe(true);
        // gzip -9, as static precompression would serve it.
        return gzipSync(await response.body(), { level: 9 }).length;
      }),
    );
    const total = sizes.reduce((sum, size) => sum + size, 0);
    test.info().annotations.push({ type: 'initial-js-gzip-bytes', description: String(total) });
    expect(total).toBeLessThanOrEqual(150 * 1024);
  });
});
