import { expect, test, type Page } from '../support/fixtures';
import { devLogin } from '../support/session';
import { seriousViolations } from '../support/axe';

/** Prices in US dollars, so the promo's 5% can be checked to the cent. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
});

const uniqueName = (label: string) =>
  `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
const cents = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

const stepHeading = (page: Page, name: string) =>
  page
    .getByRole('form', { name: 'Cluster configuration' })
    .getByRole('heading', { level: 2, name });
const next = (page: Page) => page.getByRole('button', { name: /^Next:/ }).click();

/** A configuration link, as the estimator's "Order this configuration" sends it: every step open. */
async function openReview(page: Page, name: string) {
  await page.goto(
    '/configure-cluster?tier=blue&provider=alpenkube&region=eu-fr-par&version=1.37&pool=workers:s-2vcpu-4gb:3&support=basic&cycle=monthly',
  );
  await page
    .getByRole('navigation', { name: 'Steps of the cluster order' })
    .getByRole('button', { name: /Review and order/ })
    .click();
  await expect(stepHeading(page, 'Review and order')).toBeVisible();
  await page.getByLabel('Cluster name').fill(name);
}

/** The card form of the checkout: a new card, typed as a person would. */
async function payWithNewCard(page: Page, number: string) {
  const payment = page.getByRole('form', { name: 'Payment' });
  const newCard = payment.getByRole('radio', { name: 'A new card' });
  if (!(await newCard.isChecked())) await newCard.check();
  await expect(payment.getByText('Test gateway: no real card is charged')).toBeVisible();
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiry (MM/YY)').fill(expiry);
  await payment.getByLabel('Security code (CVC)').fill('123');
  await payment.getByRole('button', { name: /^Pay / }).click();
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Payment' })).toBeFocused();
}

test('from the tier to a paid order with a test card; the promo code once per organization', async ({
  page,
}) => {
  // The second demo organization has ordered nothing: its first order may take the promo.
  await devLogin(page, 'newcomer');
  await page.goto('/configure-cluster');
  const steps = page.getByRole('navigation', { name: 'Steps of the cluster order' });
  await expect(steps.getByRole('button', { name: /Cluster tier/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await page.getByRole('radio', { name: /Standard \(Blue\)/ }).check();
  await next(page);

  await expect(stepHeading(page, 'Provider and region')).toBeFocused();
  await page.getByRole('radio', { name: /Google Cloud/ }).check();
  await page.getByLabel('EU only').check();
  await expect(page.getByText('Outside the EU')).toHaveCount(0);
  await page.getByRole('radio', { name: /europe-west3/ }).check();
  await next(page);

  await expect(stepHeading(page, 'Kubernetes version')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Newest/ })).toBeChecked();
  await next(page);

  await expect(stepHeading(page, 'Node pools')).toBeVisible();
  await page.getByRole('button', { name: 'Add node pool' }).click();
  await expect(page.getByLabel('Pool name')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove node pool pool-2' }).click();
  await expect(page.getByLabel('Pool name')).toHaveCount(1);
  await next(page);

  await expect(stepHeading(page, 'Add-ons and support')).toBeVisible();
  await page.getByRole('checkbox', { name: /Monitoring/ }).check();
  await next(page);

  // Back keeps every answer; a reload keeps the draft.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('checkbox', { name: /Monitoring/ })).toBeChecked();
  await page.reload();
  await expect(stepHeading(page, 'Add-ons and support')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Monitoring/ })).toBeChecked();
  await next(page);

  await expect(stepHeading(page, 'Review and order')).toBeVisible();
  await expect(page.getByText('Google Cloud, Frankfurt (europe-west3, EU)')).toBeVisible();
  await page.getByLabel('Cluster name').fill(uniqueName('promo'));
  await page.getByLabel('Promo code (optional)').fill('WELCOME5');
  const panel = page.getByRole('complementary', { name: 'Price' });
  await expect(panel.getByTestId('price-promo')).toBeVisible();
  const estimated = cents(await panel.getByTestId('price-total-monthly').textContent());
  await placeOrder(page);

  const summary = page.getByRole('complementary', { name: /^Order ORD-/ });
  await expect(summary).toContainText('Promo WELCOME5');
  // The server's own prices: the subtotal the engine showed, 5% of it off.
  const subtotal = cents(await summary.getByTestId('checkout-subtotal').textContent());
  expect(subtotal).toBe(estimated);
  const discount = Math.round(subtotal * 0.05);
  expect(cents(await summary.getByTestId('checkout-discount').textContent())).toBe(discount);
  expect(cents(await summary.getByTestId('checkout-due').textContent())).toBe(subtotal - discount);

  await payWithNewCard(page, '4242 4242 4242 4242');
  // Paid: the slide goes forward from configuring the cluster to watching it being built.
  await expect(page).toHaveURL(/\/cluster-provisioning\?cluster=\d+$/);
  await expect(page.getByText('Payment received', { exact: true })).toBeVisible();
  // The server says the offer is used: the banner and its side tab are gone for the organization.
  await expect(page.getByRole('region', { name: 'Promotion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Show the discount offer' })).toHaveCount(0);

  // The paid order ended the draft: the wizard starts afresh, and the promo is used up.
  await page.goto('/configure-cluster');
  await expect(stepHeading(page, 'Cluster tier')).toBeVisible();
  await openReview(page, uniqueName('again'));
  await page.getByLabel('Promo code (optional)').fill('welcome5');
  await page.getByRole('button', { name: 'Place order and pay' }).click();
  await expect(
    page.getByText(/WELCOME5 takes 5% off an organization's first paid order only/),
  ).toBeVisible();
  await expect(page.getByLabel('Promo code (optional)')).toHaveAttribute('aria-invalid', 'true');
});

test("with the challenge card: the gateway's page, then the payment is finished", async ({
  page,
}) => {
  await devLogin(page, 'demo');
  await openReview(page, uniqueName('challenge'));
  await placeOrder(page);
  await payWithNewCard(page, '4000 0027 6000 3184');

  await expect(page).toHaveURL(/\/test-gateway\/.*challenge\//);
  await expect(page.getByRole('heading', { name: 'Authenticate this payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/payment-success\?order=\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
});

test('a declined card says so in the form, and another card pays', async ({ page }) => {
  await devLogin(page, 'demo');
  await openReview(page, uniqueName('declined'));
  await placeOrder(page);
  await payWithNewCard(page, '4000 0000 0000 0002');

  const payment = page.getByRole('form', { name: 'Payment' });
  await expect(payment.getByText(/Your card was declined\. Choose another card/)).toBeVisible();
  await expect(page).toHaveURL(/\/configure-cluster$/);
  // The declined card is saved and chosen; a new one pays.
  await expect(payment.getByRole('radio', { name: /Visa ending 0002/ })).toBeChecked();
  await payWithNewCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/cluster-provisioning\?cluster=\d+$/);
});

const stepViolations = async (page: Page, step: string) =>
  (await seriousViolations(page)).map((violation) => `${step}: ${violation}`);

for (const scheme of ['light', 'dark'] as const) {
  test(`every step passes axe, ${scheme}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ colorScheme: scheme });
    await devLogin(page, 'demo');
    await page.goto(
      '/configure-cluster?tier=blue&provider=gke&pool=workers:s-2vcpu-4gb:3:2:6&cycle=monthly',
    );
    const steps = page.getByRole('navigation', { name: 'Steps of the cluster order' });
    const found: string[] = [];
    for (const step of [
      'Cluster tier',
      'Provider and region',
      'Kubernetes version',
      'Node pools',
      'Add-ons and support',
      'Review and order',
    ]) {
      const button = steps.getByRole('button', { name: new RegExp(step) });
      if ((await button.getAttribute('aria-current')) !== 'step') await button.click();
      await expect(stepHeading(page, step)).toBeVisible();
      // The slide has settled: axe reads the colours as they end up.
      await page.waitForTimeout(450);
      found.push(...(await stepViolations(page, step)));
    }
    await page.getByLabel('Cluster name').fill(uniqueName(`axe-${scheme}`));
    await placeOrder(page);
    await page.getByRole('radio', { name: 'A new card' }).check();
    await expect(page.getByText('Test gateway: no real card is charged')).toBeVisible();
    found.push(...(await stepViolations(page, 'Payment')));
    expect(found).toEqual([]);
  });
}
