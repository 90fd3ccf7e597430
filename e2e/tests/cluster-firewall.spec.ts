import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';
import { kubectlFromPage } from '../support/kubectl';

test('an allowlist set on the cluster page locks kubectl out, and one with its address lets it in', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await devLogin(page, 'demo');
  const cluster = await runningCluster(page.request, baseURL!, {
    prefix: 'walled',
    payWith: 'test-card',
  });
  await page.goto(`/clusters/${cluster.id}`);
  const kubectl = await kubectlFromPage(page);
  const getNodes = () =>
    kubectl('get', 'nodes').then(
      (output) => ({ ok: true, output }),
      (failed: { stderr?: string }) => ({ ok: false, output: failed.stderr ?? '' }),
    );
  expect((await getNodes()).ok).toBe(true);

  const setAllowlist = async (lines: string) => {
    await page.getByRole('button', { name: `Edit allowlist of ${cluster.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Control-plane allowlist of ${cluster.name}` });
    await dialog.getByLabel('Allowed addresses').fill(lines);
    await dialog.getByRole('button', { name: 'Save allowlist' }).click();
    await expect(dialog).toBeHidden();
  };

  // The office's network only: this machine (127.0.0.1) is outside it.
  await setAllowlist('203.0.113.0/24');
  await expect(page.getByRole('list', { name: 'Allowed addresses' })).toContainText(
    '203.0.113.0/24',
  );
  const locked = await getNodes();
  expect(locked.ok).toBe(false);
  expect(locked.output).toMatch(/Forbidden|forbidden/);

  await setAllowlist('203.0.113.0/24\n127.0.0.1');
  await expect(page.getByRole('list', { name: 'Allowed addresses' })).toContainText('127.0.0.1/32');
  const opened = await getNodes();
  expect(opened.ok, opened.output).toBe(true);
  expect(opened.output).toContain(`${cluster.name}-general-`);
});
