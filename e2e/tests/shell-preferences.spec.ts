import { expect, test } from '../support/fixtures';

test('the display currency persists across reloads, EUR by default', async ({ page }) => {
  await page.goto('/');
  const select = page.getByRole('banner').getByLabel('Display currency');
  await expect(select).toHaveValue('EUR');
  await select.selectOption('GBP');
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('Display currency')).toHaveValue('GBP');
  expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('GBP');
});

test('the theme toggles and persists across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
});
