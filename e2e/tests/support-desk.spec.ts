import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';

test('a customer opens a ticket with a file, staff answer from the queue, the reply arrives live', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const subject = `Pods evicted on prod-eu ${tag}`;
  await devLogin(page, 'demo');
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Open a ticket' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Category').selectOption('technical');
  await form.getByLabel('Severity').selectOption('high');
  await form
    .getByLabel('Description')
    .fill('Since 10:00 pods are evicted on prod-eu with DiskPressure. Events attached.');
  // A .png name with text bytes: the server types it by content.
  await form.locator('input[type="file"]').setInputFiles({
    name: 'events.png',
    mimeType: 'image/png',
    buffer: Buffer.from('Warning Evicted pod/api-7c9 The node had condition: DiskPressure\n'),
  });
  await expect(form.getByRole('list', { name: 'Files to send' })).toContainText('events.png');
  await form.getByRole('button', { name: 'Open the ticket' }).click();

  await expect(page).toHaveURL(/\/orders\/support\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Open: with our team');
  const file = page.getByRole('link', { name: /events\.png/ });
  // The type found in the bytes, beside the name the file came with.
  await expect(file.getByText('Text', { exact: true })).toBeVisible();
  const download = await page.request.get(
    `/api/support/tickets/${id}/attachments/${(await file.getAttribute('href'))!.split('/').pop()}`,
  );
  expect(download.headers()['content-type']).toContain('text/plain');
  expect(download.headers()['content-disposition']).toContain('attachment');

  // The support team, in another browser context, answers from the queue.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await devLogin(staff, 'superadmin');
  await staff.goto('/admin/support-queue?status=open');
  await expect(staff.getByRole('heading', { level: 1, name: 'Support queue' })).toBeVisible();
  await staff.goto(`/admin/support-queue?ticket=${id}`);
  const panel = staff.getByRole('region', { name: /^Ticket T-/ });
  await expect(panel.getByRole('heading', { name: subject })).toBeVisible();
  await panel.getByRole('button', { name: 'Assign to me' }).click();
  await expect(panel.getByText('Handled by Sofia Super')).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Internal note' }).check();
  await panel
    .getByRole('textbox', { name: /Internal note \(the customer never sees it\)/ })
    .fill(`Disk full ${tag}`);
  await panel.getByRole('button', { name: 'Add the note' }).click();
  await expect(panel.getByText(`Disk full ${tag}`)).toBeVisible();
  const answer = `The nodes' disks are full; we extended them to 200 GB. (${tag})`;
  await panel.getByRole('textbox', { name: 'Reply to the customer' }).fill(answer);
  await panel.getByRole('button', { name: 'Send the reply' }).click();
  await expect(panel.getByTestId('ticket-status')).toHaveText('Awaiting customer');

  // The customer's open page shows the reply without a reload, and never the note.
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toHaveText('Awaiting your reply');
  await expect(page.getByText(`Disk full ${tag}`)).toHaveCount(0);
  await staffContext.close();

  // The customer's reply puts it back with the team; then they resolve it.
  await page.getByRole('textbox', { name: 'Your reply' }).fill('Works again, thank you!');
  await page.getByRole('button', { name: 'Send the reply' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Open: with our team');
  await page.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByTestId('ticket-status')).toHaveText('Resolved');
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
});

test('a custom-solution request becomes a sales ticket listed on /orders/support', async ({
  page,
}) => {
  const workload = `Genomics pipeline ${Date.now().toString(36)}`;
  await devLogin(page, 'demo');
  await page.goto('/custom-solutions');
  const form = page.getByRole('form', { name: 'Request a custom solution' });
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(form.getByText(/Write at least 3 characters/)).toBeVisible();
  await form.getByLabel('Workload').fill(workload);
  await form.getByLabel('Scale').fill('300 nodes, 2 PB');
  await form.getByLabel('Budget').fill('50,000 USD a month');
  await form.getByLabel('Timeline').fill('Next quarter');
  await form.getByLabel('HDS (health data)').check();
  await form.getByLabel('GDPR').check();
  await form
    .getByLabel('What you need')
    .fill('GPU nodes for sequencing, data kept in France, operators in the EU only.');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/orders\/support\/\d+$/);
  await expect(page.getByText('HDS (health data), GDPR', { exact: true })).toBeVisible();

  await page.goto('/orders/support');
  const row = page.getByRole('row', { name: new RegExp(`Custom solution: ${workload}`) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Open: with our team');
});

test('the staff queue is refused to a customer who types its address', async ({ page }) => {
  await devLogin(page, 'demo');
  await page.goto('/admin/support-queue');
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
});
