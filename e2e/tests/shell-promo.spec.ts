import { expect, test } from '../support/fixtures';

test('the promo code copies to the clipboard and the banner dismisses for the session', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Promotion' });
  await banner.getByRole('button', { name: /Copy promo code/ }).click();
  await expect(banner.getByText('Copied!')).toBeVisible();
  await expect(page.getByText('Promo code copied').first()).toBeVisible();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toMatch(/^[A-Z0-9]+$/);
  await expect(banner.getByText('Copied!')).toBeHidden({ timeout: 4000 });

  await banner.getByRole('button', { name: 'Dismiss the promotion' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show the discount offer' }).click();
  await expect(page.getByRole('region', { name: 'Promotion' })).toBeVisible();
  await expect(page.getByText('Discount bar restored').first()).toBeVisible();
});
