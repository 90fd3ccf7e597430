import { expect, test, type APIRequestContext } from '../support/fixtures';
import { devLogin } from '../support/session';
import {
  continueWithoutVerification,
  newCredentials,
  signInWithForm,
  toastText,
} from './auth-helpers';

/*
 * The demo organization verified its domain (demo.alpenkube.eu): registering with an address
 * there joins it as a pending member. Each test registers its own people, since the
 * organization is shared with the other specs.
 */
function demoOrgPerson(prefix: string) {
  const credentials = newCredentials(prefix);
  return { ...credentials, email: `${credentials.username}@demo.alpenkube.eu` };
}

async function registerPending(
  request: APIRequestContext,
  person: ReturnType<typeof demoOrgPerson>,
) {
  const response = await request.post('/api/register', {
    data: {
      username: person.username,
      email: person.email,
      password: person.password,
      name: person.name,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const user = (await response.json()) as { id: number; status: string };
  expect(user.status).toBe('pending_approval');
  return user;
}

test('an admin approves a pending registration and the person signs in as a member', async ({
  page,
  playwright,
  baseURL,
}) => {
  const person = demoOrgPerson('joiner');
  const anonymous = await playwright.request.newContext({ baseURL });
  await registerPending(anonymous, person);
  await anonymous.dispose();

  await devLogin(page, 'admin');
  await page.goto('/admin/pending-registrations');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pending registrations' }),
  ).toBeVisible();
  const card = page.getByTestId(`registration-${person.username}`);
  await expect(card).toContainText(person.email);
  await card.getByRole('button', { name: `Approve ${person.name}` }).click();
  await expect(toastText(page, `${person.name} joined the organization`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // The hub lists them as an active member.
  await page.goto(`/user-management`);
  await page.getByRole('searchbox', { name: 'Search people' }).fill(person.username);
  await expect(page.getByTestId(`member-${person.username}`)).toContainText('Active');

  await page.context().clearCookies();
  await page.goto('/auth');
  await signInWithForm(page, person.username, person.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await continueWithoutVerification(page);
  const me = await (await page.request.get('/api/user')).json();
  expect(me).toMatchObject({ status: 'active', companyName: 'Alpenkube Demo GmbH', role: 'user' });
});

test('a customer asks to become an admin in Settings, an admin approves, the customer is an admin', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const person = demoOrgPerson('asker');
  const anonymous = await playwright.request.newContext({ baseURL });
  const { id } = await registerPending(anonymous, person);
  await anonymous.dispose();

  // An admin, in another browser, approves the registration through the API first.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await devLogin(admin, 'admin');
  expect((await admin.request.post(`/api/admin/registrations/${id}/approve`)).ok()).toBe(true);

  await page.goto('/auth');
  await signInWithForm(page, person.username, person.password);
  await expect(page).toHaveURL(/\/dashboard/);
  await continueWithoutVerification(page);
  await page.goto('/settings#become-admin');
  const section = page.getByTestId('promotion-request');
  await section
    .getByLabel('Why do you need admin rights?')
    .fill('I lead the platform team and must invite our new engineers.');
  await section.getByRole('button', { name: 'Ask to become an admin' }).click();
  await expect(
    toastText(page, 'Your request was sent to your organization’s admins'),
  ).toBeVisible();
  await expect(section).toContainText('Waiting for an answer');

  await admin.goto('/admin/promotion-requests');
  const request = admin.getByTestId(`promotion-${person.username}`);
  await expect(request).toContainText('I lead the platform team');
  await request.getByRole('button', { name: `Make ${person.name} an admin` }).click();
  await expect(toastText(admin, `${person.name} is now an admin`)).toBeVisible();
  await adminContext.close();

  // The customer's session carries the new role at once.
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'User management sections' })).toBeVisible();
  const me = await (await page.request.get('/api/user')).json();
  expect(me.role).toBe('admin');
});
