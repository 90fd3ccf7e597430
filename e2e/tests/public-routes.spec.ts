import { expect, test } from '../support/fixtures';
import { publicPageMeta } from '../../apps/web/src/lib/page-meta/page-meta';
import { stubExchangeRates, textOf } from './public-helpers';

/** Every public route (aliases included) and the main heading it must show. */
const headings: Record<string, string | RegExp> = {
  '/': 'Managed Kubernetes on a sovereign European cloud',
  '/pricing': 'Simple prices for every cluster',
  '/documentation': 'Documentation',
  '/tutorials': 'Tutorials',
  '/tutorials/kubeconfig': 'Connect with kubeconfig',
  '/about': 'Kubernetes for Europe, run from Europe',
  '/careers': /sovereign Kubernetes platform/,
  '/case-studies': 'Case studies',
  '/faq': 'Frequently asked questions',
  '/privacy-policy': 'Privacy policy',
  '/privacy': 'Privacy policy',
  '/terms': 'Terms of service',
  '/contact': 'Contact us',
  '/schedule-demo': 'Schedule a demo',
  '/contact-sales': 'Contact sales',
  '/custom-quote': 'Request a custom quote',
  '/workload-migration': 'Workload migration',
  '/newsletter': 'The Alpenkube newsletter',
  '/api-reference': 'API reference',
  '/test-service': 'Service status test',
  '/currency-test': 'Currency test',
  '/support': 'How can we help?',
  '/technical-support': 'Technical support',
  '/billing-support': 'Billing support',
  '/submit-ticket': 'Submit a ticket',
  '/track-ticket': 'Track a ticket',
};

const clusterHeadings: Record<string, RegExp> = {
  blue: /^Standard clusters$/,
  red: /^Enterprise clusters$/,
  green: /^Economy clusters$/,
  data: /^Data Analytics clusters$/,
  ai: /^AI\/ML clusters$/,
  orange: /^Dev\/Test clusters$/,
  dev: /^Dev\/Test clusters$/,
  test: /^Dev\/Test clusters$/,
  sandbox: /^Sandbox clusters$/,
  additional: /^Dedicated and custom clusters$/,
};
for (const [name, heading] of Object.entries(clusterHeadings)) {
  headings[`/cluster-types/${name}`] = heading;
  headings[`/${name}-cluster`] = heading;
}
for (const name of ['sandbox', 'blue', 'red', 'green', 'data', 'ai', 'orange']) {
  headings[`/${name}-cluster-page`] = clusterHeadings[name]!;
}

test.beforeEach(async ({ page }) => stubExchangeRates(page));

test('every public route arrives with its heading, title and description in its HTML', async ({
  request,
}) => {
  const attribute = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  for (const [path, heading] of Object.entries(headings)) {
    const html = await (await request.get(path)).text();
    const h1 = textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
    if (typeof heading === 'string') expect(h1, path).toBe(heading);
    else expect(h1, path).toMatch(heading);
    const meta = publicPageMeta[path];
    expect(meta, `page meta for ${path}`).toBeDefined();
    expect(html, path).toContain(`<title>${attribute(meta!.title)}</title>`);
    expect(html, path).toContain(`content="${attribute(meta!.description)}"`);
  }
});

test('the title and description follow client-side navigation', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(publicPageMeta['/pricing']!.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    publicPageMeta['/pricing']!.description,
  );
  await page.goto('/pricing');
  await page.goto('/tutorials/no-such-guide');
  await expect(page).toHaveTitle('Tutorial not found | Alpenkube');
});

test('unknown cluster types and tutorials say so', async ({ page }) => {
  await page.goto('/cluster-types/purple');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Cluster type not found' }),
  ).toBeVisible();
  await page.goto('/tutorials/no-such-guide');
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorial not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Browse all tutorials' }).click();
  await expect(page).toHaveURL(/\/tutorials$/);
});

test('a tier card leads to its cluster-type page and its order button to the configurator', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('[data-tier]').filter({ hasText: 'Enterprise' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enterprise clusters' })).toBeVisible();
  const order = page.getByRole('link', { name: 'Order this cluster' });
  await expect(order).toHaveAttribute('href', /\/configure-cluster\?tier=/);
});
