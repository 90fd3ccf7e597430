import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';
import { kubectlFromPage } from '../support/kubectl';

test('a label and a taint set on the cluster page show in kubectl; a tag filters the list', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await devLogin(page, 'demo');
  const cluster = await runningCluster(page.request, baseURL!, {
    prefix: 'labels',
    payWith: 'test-card',
  });
  await page.goto(`/clusters/${cluster.id}`);

  const kubectl = await kubectlFromPage(page);
  expect(await kubectl('get', 'nodes', '--show-labels')).not.toContain('example.com/team=web');

  await page.getByRole('button', { name: 'Labels and taints of pool general' }).click();
  const dialog = page.getByRole('dialog', { name: 'Labels and taints of pool general' });
  // A reserved key is refused before anything is sent, naming the key.
  await dialog.getByLabel('Labels').fill('kubernetes.io/role=web');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/kubernetes\.io\/role uses the reserved prefix/)).toBeVisible();
  // The form focuses the refused field, once at once and once more a task later (react-hook-form's
  // deferred focus): text typed into the other field before that lands could end in this one.
  await expect(dialog.getByLabel('Labels')).toBeFocused();
  await dialog.getByLabel('Labels').fill('example.com/team=web\nworkload=batch');
  await dialog.getByLabel('Taints').fill('dedicated=batch:NoSchedule');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Labels of pool general' })).toContainText(
    'example.com/team=web',
  );
  await expect(
    page.getByRole('list', { name: 'Cluster events' }).getByText(/Pool general: labels/),
  ).toBeVisible();

  const labels = await kubectl('get', 'nodes', '--show-labels');
  expect(labels).toContain('example.com/team=web');
  expect(labels).toContain('workload=batch');
  const node = (await kubectl('get', 'nodes', '-o', 'name')).trim();
  expect(await kubectl('describe', node)).toMatch(/Taints:\s+dedicated=batch:NoSchedule/);

  // A tag from the cluster page, then the list filtered by it.
  await page.getByRole('button', { name: `Edit tags of ${cluster.name}` }).click();
  const tags = page.getByRole('dialog', { name: `Tags of ${cluster.name}` });
  await tags.getByLabel('Tags').fill(`e2e-${cluster.name}`);
  await tags.getByRole('button', { name: 'Save tags' }).click();
  await expect(tags).toBeHidden();
  await page
    .getByRole('list', { name: `Tags of ${cluster.name}` })
    .getByRole('link', { name: `e2e-${cluster.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-clusters\\?tag=e2e-${cluster.name}$`));
  await expect(page.getByText('Clusters 1–1 of 1')).toBeVisible();
});
