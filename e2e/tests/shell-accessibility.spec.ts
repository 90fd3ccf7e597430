import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from '../support/axe';

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

test('the scan finds what it is there to find', async ({ page }) => {
  await page.setContent(
    '<main><h1>Broken</h1><img src="/x.png"><p style="color:#ccc">Pale</p></main>',
  );
  const found = (await seriousViolations(page)).map((line) => line.split(':')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'color-contrast']));
  expect(await seriousViolations(page, { within: 'h1' })).toEqual([]);
});
