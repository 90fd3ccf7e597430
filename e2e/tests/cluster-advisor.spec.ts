import { expect, test, type Page } from '../support/fixtures';
import { seriousViolations } from '../support/axe';
import { devLogin } from '../support/session';

/** Prices in US dollars, so the engine's figures can be checked to the cent. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('currency', 'USD'));
  await devLogin(page, 'demo');
});

const escape = (text: string) => text.replace(/[()/]/g, '\\$&');

const steps = (page: Page) => page.getByRole('navigation', { name: 'Steps of the cluster order' });

/** The wizard's tier step, with `tier` chosen. */
async function expectWizardWithTier(page: Page, tier: string) {
  await expect(page).toHaveURL(/\/configure-cluster$/);
  await expect(steps(page).getByRole('button', { name: /Cluster tier/ })).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(page.getByRole('radio', { name: new RegExp(`^${escape(tier)}`) })).toBeChecked();
}

test('smart suggestions: the answers give a cluster, its price and reasons, and the wizard opens with it', async ({
  page,
}) => {
  await page.goto('/smart-suggestions');
  const panel = page.getByRole('region', { name: 'Our suggestion' });
  const reasons = panel.getByRole('list', { name: 'Reasons' });
  await expect(panel.getByRole('heading', { level: 3, name: 'Standard' })).toBeVisible();

  await page.getByRole('radio', { name: '24x7 critical' }).check();
  await page.getByLabel('CPU (vCPU)').fill('16');
  await page.getByLabel('Memory (GiB)').fill('64');
  await expect(panel.getByRole('heading', { level: 3, name: 'Enterprise' })).toBeVisible();
  // 20 vCPU and 80 GiB with headroom: 5 medium nodes in Stockholm (×0.95), the control plane
  // and the Business support plan: 5 × $91.20 + $284.05 + $499.00.
  await expect(panel.getByTestId('suggestion-price')).toHaveText('$1,239.05');
  await expect(reasons).toContainText(
    '24x7 critical production needs Enterprise (Red): 99.95% API availability target, HA control plane, with the strongest support.',
  );
  await expect(reasons).toContainText(
    '16 vCPU and 64 GiB plus 25% headroom is 20 vCPU and 80 GiB: 5 × m-4vcpu-16gb (20 vCPU and 80 GiB) is the cheapest way Enterprise (Red) holds it.',
  );
  await expect(reasons).toContainText(
    'A critical cluster runs on at least 3 nodes, so it keeps serving while one of them fails.',
  );
  await expect(reasons).toContainText('Stockholm (eu-se-sto), its lowest-priced region');

  await page.getByRole('radio', { name: 'A specific country' }).check();
  await page.getByLabel('Country', { exact: true }).selectOption({ label: 'Switzerland' });
  await expect(reasons).toContainText(
    "Your data must stay in Switzerland: Alpenkube Sovereign Cloud, the platform's own sovereign cloud, has Zurich (ch-zrh) there.",
  );

  await page.getByRole('link', { name: 'Configure this cluster' }).click();
  await expectWizardWithTier(page, 'Enterprise (Red)');
  await steps(page)
    .getByRole('button', { name: /Review and order/ })
    .click();
  const review = page.getByRole('form', { name: 'Cluster configuration' });
  await expect(review.getByText('workers: 5 × m-4vcpu-16gb')).toBeVisible();
  await expect(
    review.getByText('Alpenkube Sovereign Cloud, Zurich (ch-zrh, outside the EU)'),
  ).toBeVisible();
  await expect(review.getByText('High availability (3 zones)')).toBeVisible();
});

test('smart suggestions: GPUs lead to the AI/ML tier; the page passes axe', async ({ page }) => {
  await page.goto('/smart-suggestions');
  const panel = page.getByRole('region', { name: 'Our suggestion' });
  await page.getByRole('radio', { name: 'Needed', exact: true }).check();
  await expect(panel.getByRole('heading', { level: 3, name: 'AI/ML' })).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Reasons' })).toContainText(
    'You need GPUs: only AI/ML (Violet) has GPU nodes (NVIDIA L4, NVIDIA H100).',
  );
  expect(await seriousViolations(page, { allImpacts: true })).toEqual([]);
});

test('cluster selection: every tier side by side, and Configure opens the wizard with that tier', async ({
  page,
}) => {
  const catalog = (await (await page.request.get('/api/catalog')).json()) as {
    tiers: { slug: string; name: string }[];
  };
  await page.goto('/cluster-selection');
  const table = page.getByRole('table', { name: 'The cluster tiers compared' });
  await expect(table).toBeVisible();
  for (const tier of catalog.tiers) {
    await expect(table.getByRole('link', { name: `Configure ${tier.name}` })).toHaveAttribute(
      'href',
      `/configure-cluster?tier=${tier.slug}`,
    );
  }
  await expect(table.getByRole('columnheader')).toHaveCount(catalog.tiers.length + 1);
  expect(await seriousViolations(page, { allImpacts: true })).toEqual([]);

  await table.getByRole('link', { name: 'Configure Data Analytics' }).click();
  await expectWizardWithTier(page, 'Data Analytics');

  await page.goto('/cluster-selection');
  await page.getByRole('link', { name: 'Not sure? Get a suggestion' }).click();
  await expect(page).toHaveURL(/\/smart-suggestions$/);
});

test('cluster selection on a phone: a card per tier, each with its Configure button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cluster-selection');
  const cards = page.getByRole('list', { name: 'Cluster tiers' });
  await expect(cards.getByRole('listitem')).toHaveCount(7);
  await expect(page.getByRole('table', { name: 'The cluster tiers compared' })).toBeHidden();
  await cards.getByRole('link', { name: 'Configure Sandbox (Gray)' }).click();
  await expectWizardWithTier(page, 'Sandbox (Gray)');
});
