import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from './public-helpers';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test('home page', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/auth', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('/dashboard', async ({ page }) => {
      await devLogin(page, 'demo');
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
