import { expect, test } from '../support/fixtures';

test('follow a tutorial from the list, its table of contents and highlighted code', async ({
  page,
}) => {
  await page.goto('/tutorials');
  await expect(page.getByText('12 tutorials')).toBeVisible();
  await page.getByRole('link', { name: /Scale pods and node pools/ }).click();

  await expect(page).toHaveURL(/\/tutorials\/scaling$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Scale pods and node pools' }),
  ).toBeVisible();
  const toc = page.getByRole('navigation', { name: 'On this page' }).last();
  await toc.getByRole('link', { name: 'Scale nodes by resizing a pool' }).click();
  await expect(page).toHaveURL(/#scale-nodes-by-resizing-a-pool$/);
  await expect(page.locator('#scale-nodes-by-resizing-a-pool')).toBeInViewport();
  // highlight.js marked up the YAML.
  await expect(page.locator('code.language-yaml .hljs-attr').first()).toBeVisible();

  await page.getByRole('link', { name: /Next.*Upgrade Kubernetes safely/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Upgrade Kubernetes safely' }),
  ).toBeVisible();
});

test('search finds words in titles and in article bodies', async ({ page }) => {
  await page.goto('/tutorials');
  const search = page.getByRole('searchbox', { name: 'Search tutorials' });
  await search.fill('kubeconfig');
  await expect(page.getByRole('link', { name: /Connect with kubeconfig/ })).toBeVisible();

  // "pluto" only appears in the body of the upgrades guide.
  await search.fill('pluto');
  await expect(page.getByText('1 tutorial matches “pluto”')).toBeVisible();
  await expect(page.getByRole('link', { name: /Upgrade Kubernetes safely/ })).toBeVisible();

  await search.fill('zzzzzz');
  await expect(page.getByText('No tutorial mentions that.')).toBeVisible();
});

test('internal links inside an article navigate without reloading the app', async ({ page }) => {
  await page.goto('/tutorials/getting-started');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.locator('.markdown-body').getByRole('link', { name: 'kubeconfig guide' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Connect with kubeconfig' }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('the FAQ filters its answers', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('searchbox', { name: 'Search the questions' }).fill('CLOUD Act');
  await expect(page.getByText('Can a non-EU government access my data?')).toBeVisible();
  await expect(page.getByText('Which tier should I choose?')).toBeHidden();
});
