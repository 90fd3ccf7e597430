import { expect, test, type Page } from '../support/fixtures';
import { nextBookableDate } from './public-helpers';

/**
 * Each public form: its refusals in the browser, then one accepted submission. The server
 * allows 10 public-form submissions per network per 15 minutes, so each form is sent once.
 */

async function submit(page: Page, name: RegExp | string) {
  await page.getByRole('button', { name }).click();
}

test('contact: refuses an empty form field by field, then confirms', async ({ page }) => {
  await page.goto('/contact');
  await submit(page, 'Send message');
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible();
  await expect(page.getByText('Choose a topic')).toBeVisible();
  await expect(page.getByLabel('Your name')).toBeFocused();

  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.eu');
  await page.getByLabel('Topic').selectOption('general');
  await page.getByLabel('Message').fill('Short');
  await submit(page, 'Send message');
  await expect(page.getByText('Write at least 10 characters')).toBeVisible();
  await page.getByLabel('Message').fill('Do you offer clusters in Austria?');
  await expect(page.getByText('Write at least 10 characters')).toBeHidden();
  await submit(page, 'Send message');
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
});

test('schedule a demo: a weekday and a free slot', async ({ page }) => {
  await page.goto('/schedule-demo');
  await page.getByLabel('Your name').fill('Grace Hopper');
  await page.getByLabel('Work e-mail').fill('grace@example.eu');
  await page.getByLabel('Company', { exact: true }).fill('Navy Labs');
  await page.getByLabel('Company size').selectOption('51-250');
  await page.getByLabel('Date').fill(nextBookableDate());
  await submit(page, 'Book the demo');
  await expect(page.getByText('Pick a free time slot')).toBeVisible();
  // The radio is visually hidden inside its label, which is what people click.
  await page
    .locator('label')
    .filter({ hasText: /^10:30$/ })
    .click();
  await expect(page.getByRole('radio', { name: '10:30' })).toBeChecked();
  await submit(page, 'Book the demo');
  await expect(page.getByRole('heading', { name: 'Your demo is booked' })).toBeVisible();
  await expect(page.getByText(/10:30/)).toBeVisible();
});

test('contact sales, custom quote and workload migration are accepted', async ({ page }) => {
  await page.goto('/contact-sales');
  await page.getByLabel('Your name').fill('Linus T');
  await page.getByLabel('Work e-mail').fill('linus@example.eu');
  await page.getByLabel('Company', { exact: true }).fill('Kernel GmbH');
  await page.getByLabel('Phone (optional)').fill('abc');
  await page.getByLabel('Company size').selectOption('11-50');
  await page.getByLabel('You are interested in').selectOption('hds');
  await page.getByLabel('Your project').fill('Three Enterprise clusters for a hospital portal.');
  await submit(page, 'Contact sales');
  await expect(page.getByText('Enter a phone number with its country code')).toBeVisible();
  await page.getByLabel('Phone (optional)').fill('+43 1 234 5678');
  await submit(page, 'Contact sales');
  await expect(
    page.getByRole('heading', { name: 'Thank you, we will call you back' }),
  ).toBeVisible();

  await page.goto('/custom-quote');
  await page.getByLabel('Your name').fill('Margaret H');
  await page.getByLabel('Work e-mail').fill('margaret@example.eu');
  await page.getByLabel('Company', { exact: true }).fill('Apollo SE');
  await page.getByLabel('Offering').selectOption('dedicated');
  await page.getByLabel('Location').fill('France');
  await page.getByLabel('HDS').check();
  await page.getByLabel('Approximate number of nodes').fill('0');
  await page.getByLabel('Contract length').selectOption('3-years');
  await page
    .getByLabel('Workload and requirements')
    .fill('Bare-metal nodes with local NVMe for a PostgreSQL fleet.');
  await submit(page, 'Request the quote');
  await expect(page.getByText('At least 1 node')).toBeVisible();
  await page.getByLabel('Approximate number of nodes').fill('24');
  await submit(page, 'Request the quote');
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();

  await page.goto('/workload-migration');
  await page.getByLabel('Your name').fill('Ken T');
  await page.getByLabel('Work e-mail').fill('ken@example.eu');
  await page.getByLabel('Company', { exact: true }).fill('Unix AG');
  await page.getByLabel('Where the workloads run today').selectOption('eks');
  await page.getByLabel('Number of clusters').fill('3');
  await page
    .getByLabel('About the workloads')
    .fill('Twenty microservices and one PostgreSQL database, 200 GB.');
  await submit(page, 'Request a migration assessment');
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();
});

test('newsletter: consent is required, then a double opt-in mail is announced', async ({
  page,
}) => {
  await page.goto('/newsletter');
  await page.getByLabel('E-mail').fill('reader@example.eu');
  await submit(page, 'Subscribe');
  await expect(page.getByText('Tick the box to agree to receive the newsletter')).toBeVisible();
  await page.getByRole('checkbox').check();
  await submit(page, 'Subscribe');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
});

test('a bad newsletter link shows the server refusal', async ({ page }) => {
  await page.goto('/newsletter?confirm=not-a-real-token-0000000');
  await expect(page.getByRole('alert')).toContainText('The link may have expired');
});

test('submit a ticket without an account, track it by code and reply', async ({ page }) => {
  await page.goto('/submit-ticket');
  await page.getByLabel('E-mail').fill('visitor@example.eu');
  await page.getByLabel('Category').selectOption('technical');
  await page.getByLabel('Subject').fill('Ingress returns 502');
  await page
    .getByLabel('Description')
    .fill('Since this morning every request through the ingress returns 502.');
  await submit(page, 'Submit the ticket');
  const code = (await page.getByTestId('tracking-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9-]{6,20}$/);

  await page.getByRole('link', { name: 'track the ticket' }).click();
  await expect(page.getByLabel('Tracking code')).toHaveValue(code);
  await page.getByLabel('E-mail').fill('someone-else@example.eu');
  await submit(page, 'Show the ticket');
  await expect(page.getByRole('alert')).toBeVisible();

  await page.getByLabel('E-mail').fill('visitor@example.eu');
  await submit(page, 'Show the ticket');
  await expect(page.getByRole('heading', { name: 'Ingress returns 502' })).toBeVisible();
  await page.getByLabel('Your reply').fill('It happens on every host name.');
  await submit(page, 'Send reply');
  await expect(page.getByText('It happens on every host name.')).toBeVisible();
  await expect(page.getByText('Reply sent.')).toBeVisible();
});

test('careers: apply for a position chosen from the list', async ({ page }) => {
  await page.goto('/careers');
  await page.getByRole('button', { name: /Apply: Front-end Engineer/ }).click();
  await expect(page.getByLabel('Position', { exact: true })).toHaveValue('frontend-engineer');
  await page.getByLabel('Your name').fill('Dan A');
  await page.getByLabel('E-mail').fill('dan@example.eu');
  await page
    .getByLabel('Why this position?')
    .fill('I have built React consoles for infrastructure products for six years.');
  await submit(page, 'Send the application');
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();
});
