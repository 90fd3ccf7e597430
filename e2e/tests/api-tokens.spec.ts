import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test.describe('API tokens', () => {
  test('a token made in Settings lists clusters without a cookie, until it is revoked', async ({
    page,
    request,
  }) => {
    await devLogin(page, 'demo');
    await page.goto('/settings#api-tokens');
    const name = `e2e-${Date.now().toString(36)}`;

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Expires').selectOption('7');
    // Clusters: read is ticked by default.
    await expect(dialog.getByLabel('Clusters: read')).toBeChecked();
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = dialog.getByTestId('new-api-token');
    await expect(shown).toHaveText(/^ak_/);
    const token = (await shown.textContent())!;
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(dialog).toBeHidden();

    // The `request` fixture has a cookie jar of its own, empty: only the token speaks.
    const headers = { authorization: `Bearer ${token}` };
    const listed = await request.get('/api/clusters', { headers });
    expect(listed.status()).toBe(200);
    const page1 = (await listed.json()) as { items: { id: number; name: string }[] };
    expect(Array.isArray(page1.items)).toBe(true);
    expect((await request.get('/api/orders', { headers })).status()).toBe(403);

    const list = page.getByRole('list', { name: 'Your API tokens' });
    const row = list.getByTestId('api-token-row').filter({ hasText: name });
    await expect(row).toContainText('clusters:read');
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await expect(row.getByText('Revoked', { exact: true })).toBeVisible();

    const refused = await request.get('/api/clusters', { headers });
    expect(refused.status()).toBe(401);
  });

  test("an organization admin sees the organization's tokens with their owners", async ({
    page,
  }) => {
    await devLogin(page, 'admin');
    await page.goto('/admin/api-tokens');
    await expect(page.getByRole('heading', { name: 'API tokens', level: 1 })).toBeVisible();
    const row = page
      .getByRole('list', { name: 'Organization API tokens' })
      .getByTestId('api-token-row')
      .filter({ hasText: 'terraform' });
    await expect(row).toContainText('(demo)');
    await expect(row).toContainText('clusters:write');
  });
});
