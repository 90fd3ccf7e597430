import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { mailedLink, newCredentials, toastText } from './auth-helpers';
import { seriousViolations } from '../support/axe';

test('a new company waits for approval; the operator approves it and its admin may order at once', async ({
  page,
  browser,
  baseURL,
}) => {
  const founder = newCredentials('company');
  const company = `Operators E2E ${founder.username}`;
  await page.goto('/auth?tab=register');
  await page.getByLabel('Username').fill(founder.username);
  await page.getByLabel('Full name').fill(founder.name);
  await page.getByLabel('Work e-mail').fill(founder.email);
  await page.getByLabel('Password', { exact: true }).fill(founder.password);
  await page.getByLabel('Company name').fill(company);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toastText(page, 'Registration successful')).toBeVisible();
  await page.goto(await mailedLink(page.request, founder.email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail address verified' })).toBeVisible();

  await page.goto('/configure-cluster');
  const waiting = page.getByText('Your organization is waiting for approval by our team.');
  await expect(waiting).toBeVisible();

  // The platform operator, in a browser of their own.
  const operatorContext = await browser.newContext({ baseURL });
  const operator = await operatorContext.newPage();
  await devLogin(operator, 'superadmin');
  await operator.goto('/dashboard');
  await operator.getByTestId('sidebar').getByRole('link', { name: 'Organizations' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible();
  const tabs = operator.getByRole('navigation', { name: 'Organization status' });
  await tabs.getByRole('link', { name: /Pending approval/ }).click();
  await operator.getByRole('searchbox', { name: /Search/ }).fill(founder.username);
  await operator.getByRole('button', { name: 'Search' }).click();
  const row = operator.getByRole('row', { name: new RegExp(company) });
  await expect(row).toContainText('Pending approval');
  expect(await seriousViolations(operator, { within: '#main-content' })).toEqual([]);

  await row.getByRole('link', { name: company }).click();
  await expect(operator.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await operator.getByRole('button', { name: 'Approve' }).click();
  const confirm = operator.getByRole('dialog', { name: `Approve ${company}?` });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(toastText(operator, `${company} is approved`)).toBeVisible();
  await expect(operator.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(operator.getByRole('main').getByText('Active', { exact: true })).toBeVisible();
  expect(await seriousViolations(operator, { within: '#main-content' })).toEqual([]);
  await operatorContext.close();

  // The founder did not sign in again: the same session now may order.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`${company} is approved: you can now order clusters.`),
  ).toBeVisible();
});
