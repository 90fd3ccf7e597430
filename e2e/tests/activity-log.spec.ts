import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test('an organization admin reads and exports their organization’s activity log', async ({
  page,
}) => {
  await devLogin(page, 'admin');
  // Something the admin does now is in the log at once.
  const created = await page.request.post('/api/api-tokens', {
    data: { name: 'activity-e2e', scopes: ['clusters:read'], expiresInDays: 7 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/user-management?tab=activity');
  await expect(page.getByRole('link', { name: 'Activity log' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const filter = page.getByRole('form', { name: 'Filter the activity log' });
  await filter.getByLabel('Action').selectOption('token.');
  await filter.getByRole('button', { name: 'Apply filter' }).click();
  const rows = page.locator('table[aria-label="Audit events"] tbody tr');
  await expect(rows.first()).toContainText('token.create');
  await expect(rows.first()).toContainText('admin');

  // The six months of demo history: a member's sign-ins, with where they came from.
  await filter.getByLabel('Member (username or e-mail)').fill('demo');
  await filter.getByLabel('Action').selectOption('auth.');
  await filter.getByRole('button', { name: 'Apply filter' }).click();
  await expect(rows.first()).toContainText('auth.sign_');
  await expect(rows.first()).toContainText(/\d+\.\d+\.\d+\.\d+/);

  const csvLink = page.getByTestId('audit-csv');
  await expect(csvLink).toHaveAttribute('href', /activity\.csv\?.*action=auth\./);
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toBe(
    'id,at,actor,staff,action,target_type,target_id,outcome,ip,user_agent,details',
  );
  expect(text).toContain(',demo,no,auth.sign_');
});

test('a member without the admin role cannot read the activity log', async ({ page }) => {
  await devLogin(page, 'demo');
  const api = await page.request.get('/api/admin/activity');
  expect(api.status()).toBe(403);
});
