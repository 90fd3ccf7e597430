import { expect, test, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from '../support/axe';
import { toastText } from './auth-helpers';

/*
 * /billing against the real server. The cards are the demo organization's (its admin adds an
 * American Express card no other spec uses and leaves the Visa the default again); the billing
 * details and the budget are the second demo organization's, which other specs leave alone.
 */

const cardItem = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem', { name });

test.describe('billing', () => {
  test('payment methods: a card added through the test gateway, made the default, removed', async ({
    page,
  }) => {
    await devLogin(page, 'admin');
    await page.goto('/billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(cardItem(page, 'Visa ending 4242')).toContainText('Default');

    await page.getByRole('button', { name: 'Add a card' }).click();
    const form = page.getByRole('form', { name: 'New card' });
    await expect(form.getByText('Test gateway: no real card is charged')).toBeVisible();
    await form.getByRole('button', { name: 'Use the test card 3782 8224 6310 005' }).click();
    await expect(form.getByLabel('Card number')).toHaveValue('3782 8224 6310 005');
    await form.getByLabel('Expiry (MM/YY)').fill('12/34');
    await form.getByLabel('Security code (CVC)').fill('1234');
    await form.getByRole('button', { name: 'Save card' }).click();
    await expect(form).toHaveCount(0);

    const amex = cardItem(page, 'American Express ending 0005');
    await expect(amex).toBeVisible();
    await expect(amex).not.toContainText('Default');
    await amex
      .getByRole('button', { name: 'Make American Express ending 0005 the default card' })
      .click();
    await expect(amex).toContainText('Default');
    await expect(cardItem(page, 'Visa ending 4242')).not.toContainText('Default');
    // The default is the server's: it holds after a reload.
    await page.reload();
    await expect(amex).toContainText('Default');

    // The Visa pays the other specs' orders: it is the default again, then the new card goes.
    await page.getByRole('button', { name: 'Make Visa ending 4242 the default card' }).click();
    await expect(cardItem(page, 'Visa ending 4242')).toContainText('Default');
    await amex.getByRole('button', { name: 'Remove American Express ending 0005' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove American Express ending 0005?' });
    await confirm.getByRole('button', { name: 'Remove card' }).click();
    await expect(amex).toHaveCount(0);
    await expect(toastText(page, 'American Express ending 0005 removed')).toBeVisible();
  });

  test('billing details: a VAT number of another country is refused, then saved with its VAT', async ({
    page,
  }) => {
    await devLogin(page, 'newcomer');
    await page.goto('/billing');
    const section = page.getByRole('region', { name: 'Billing details' });
    await section.getByRole('button', { name: /^(Add|Edit) details$/ }).click();
    const form = page.getByRole('form', { name: 'Billing details' });
    await form.getByLabel('Legal name').fill('Nordwind Logistik AG');
    await form.getByLabel('Postal address').fill('Hafenstraße 5\n1020 Wien');
    await form.getByLabel('Country').selectOption('AT');
    await form.getByLabel('VAT number (optional)').fill('DE123456789');
    await form.getByLabel('Billing e-mail').fill('billing@nordwind.example');
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(form.getByText('A VAT number of this country starts with AT')).toBeVisible();
    await expect(form.getByLabel('VAT number (optional)')).toHaveAttribute('aria-invalid', 'true');

    // A number the simulated VIES registry of development lists: reverse-charged once it answered.
    await form.getByLabel('VAT number (optional)').fill('atu 12345675');
    await expect(form.getByTestId('vat-preview')).toContainText(
      'Reverse charge once the EU’s VIES registry confirms this VAT number',
    );
    await form.getByRole('button', { name: 'Save details' }).click();
    await expect(form).toHaveCount(0);
    await expect(toastText(page, 'Billing details saved')).toBeVisible();
    await expect(section).toContainText('Nordwind Logistik AG');
    await expect(section).toContainText('Austria');
    await expect(section).toContainText('ATU12345675');
    await expect(section.getByTestId('vat-check')).toContainText(
      'Confirmed by the simulated VIES registry (development only: no real check).',
      { timeout: 15_000 },
    );
    await expect(section.getByTestId('vat-treatment')).toContainText('Reverse charge');

    // The server keeps them: the API answers the same, with the VAT it will apply.
    const details = (await (await page.request.get('/api/billing/details')).json()) as {
      vatNumber: string;
      vatTreatment: string;
    };
    expect(details).toMatchObject({ vatNumber: 'ATU12345675', vatTreatment: 'reverse_charge' });
  });

  test('budget: an admin sets the amount and thresholds', async ({ page }) => {
    await devLogin(page, 'newcomer');
    await page.goto('/billing');
    const section = page.getByRole('region', { name: 'Budget' });
    await section.getByRole('button', { name: /^(Set a|Edit) budget$/ }).click();
    const form = page.getByRole('form', { name: 'Budget' });
    await form.getByLabel('Monthly budget (US dollars)').fill('1,250');
    await form.getByLabel('Alert at (% of the budget)').fill('90, 50, 50');
    await form.getByRole('button', { name: 'Save budget' }).click();
    await expect(form.getByText('Each threshold once')).toBeVisible();
    await form.getByLabel('Alert at (% of the budget)').fill('90, 50');
    await form.getByRole('button', { name: 'Save budget' }).click();
    await expect(form).toHaveCount(0);
    await expect(section).toContainText('alerts at 50%, 90%');
    const budget = (await (await page.request.get('/api/billing/budget')).json()) as {
      amount: number;
      thresholds: number[];
    };
    expect(budget).toMatchObject({ amount: 125_000, thresholds: [50, 90] });
  });

  test('a member who is not an admin sees the budget without its editor', async ({ page }) => {
    await devLogin(page, 'demo');
    await page.goto('/billing');
    const section = page.getByRole('region', { name: 'Budget' });
    await expect(section.getByTestId('budget-amount')).toBeVisible();
    await expect(section.getByRole('button', { name: /budget/ })).toHaveCount(0);
  });

  test('the page has no serious accessibility violation, light and phone', async ({ page }) => {
    await devLogin(page, 'admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/billing');
    await expect(page.getByTestId('figure-credit')).toBeVisible();
    await expect(page.getByTestId('invoice-row').first()).toBeVisible();
    await expect(page.getByTestId('budget-amount')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the phone but the tables' own scrolling frames.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
  });
});
