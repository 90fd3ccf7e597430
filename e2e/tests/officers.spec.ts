import fs from 'node:fs';
import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { newCredentials, registerByApi, toastText } from './auth-helpers';

const DEMO_PASSWORD = 'demo-password';

test('an officer exports a person, erases them, and finds both in the audit log', async ({
  page,
  request,
}) => {
  const person = newCredentials('subject');
  await registerByApi(request, person);

  await devLogin(page, 'officer');
  await page.goto('/officers/panel?tab=requests');
  await expect(page.getByRole('heading', { level: 1, name: 'Officers Panel' })).toBeVisible();
  await page.getByLabel('Username, e-mail or name').fill(person.email);
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('list', { name: 'People found' })
    .getByRole('button', { name: new RegExp(person.username) })
    .click();
  const panel = page.getByRole('region', { name: `Requests for ${person.username}` });
  await panel
    .getByLabel('Reason (kept in the register)')
    .fill('Art. 15 request received by e-mail (e2e)');

  // The officer's password again: a session left open is not enough to take a person's data.
  await panel.getByRole('button', { name: 'Export data (.zip)…' }).click();
  const exportDialog = page.getByRole('dialog', { name: `Export the data of ${person.username}?` });
  await exportDialog.getByLabel('Your password').fill('not-the-password');
  await exportDialog.getByRole('button', { name: 'Export data' }).click();
  await expect(exportDialog.getByText('The password is not correct.')).toBeVisible();
  await exportDialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  const downloading = page.waitForEvent('download');
  await exportDialog.getByRole('button', { name: 'Export data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = await download.path();
  expect(fs.statSync(file).size).toBeGreaterThan(100);
  // A zip starts with its local file header's signature.
  expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');

  await panel
    .getByLabel('Reason (kept in the register)')
    .fill('Art. 17 request received by e-mail (e2e)');
  await panel.getByRole('button', { name: 'Erase…' }).click();
  const dialog = page.getByRole('dialog', { name: `Erase ${person.username} for good?` });
  const confirm = dialog.getByRole('button', { name: 'Erase permanently' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill(person.username);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await confirm.click();
  // A toast: its text is also in the live region screen readers hear, hence the first.
  await expect(toastText(page, /They now appear as erased-/)).toBeVisible();
  const history = page.getByRole('list', { name: 'Past requests' });
  await expect(history.getByTestId('request-row').first()).toContainText('Erasure');

  await page.goto('/officers/panel?tab=audit');
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('Action').selectOption('gdpr.');
  await filter.getByRole('button', { name: 'Apply filter' }).click();
  const rows = page.locator('table[aria-label="Audit events"] tbody');
  await expect(rows).toContainText('gdpr.erasure');
  await expect(rows).toContainText('gdpr.export');
  await expect(page.getByTestId('audit-csv')).toHaveAttribute('href', /action=gdpr\./);
});

test('a customer typing /officers/panel is refused', async ({ page }) => {
  await devLogin(page, 'demo');
  await page.goto('/officers/panel');
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
  const api = await page.request.get('/api/officers/audit-events');
  expect(api.status()).toBe(403);
});
