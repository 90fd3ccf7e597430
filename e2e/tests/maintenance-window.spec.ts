import { expect, test } from '../support/fixtures';
import { devLogin } from '../support/session';
import { runningCluster } from '../support/clusters';

interface Maintenance {
  planned: { reason: string; version: string; at: string } | null;
}

/**
 * A maintenance window set on the cluster page, then the development clock (the maintenance
 * sweep run for this one cluster as if it were inside that window) starts the patch release the
 * catalog has for 1.37: the page shows each node replaced by a new one, one at a time, as the
 * events are pushed.
 */
test('a maintenance window set on the cluster page applies a patch release node by node', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await devLogin(page, 'demo');
  const origin = { Origin: baseURL! };
  const { id } = await runningCluster(page.request, baseURL!, { prefix: 'maint', tier: 'blue' });
  const maintenance = async () => {
    const response = await page.request.get(`/api/clusters/${id}`);
    return ((await response.json()) as { maintenance: Maintenance }).maintenance;
  };

  await page.goto(`/clusters/${id}`);
  const card = page.getByTestId('maintenance-window');
  await expect(card).toHaveText("Sundays 03:00–07:00 (Europe/Paris, the region's time zone)");

  await page.getByRole('button', { name: /Edit window: maintenance of/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Day').selectOption('wed');
  await dialog.getByLabel('Starts at').selectOption('2');
  await dialog.getByLabel('Time zone').selectOption('Europe/Vienna');
  await dialog.getByRole('button', { name: 'Save window' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveText('Wednesdays 02:00–06:00 (Europe/Vienna)');

  const { planned } = await maintenance();
  expect(planned).toMatchObject({ reason: 'patch' });
  await expect(page.getByTestId('maintenance-planned')).toContainText(
    `Patch ${planned!.version} in the window of`,
  );
  // Vienna is UTC+1 in winter: a Wednesday's 02:00 there is 01:00 UTC.
  expect(new Date(planned!.at).getUTCDay()).toBe(3);

  // Outside the window nothing starts; a minute into it the upgrade does.
  const sweep = (at: number) =>
    page.request.post(`/api/dev/clusters/${id}/maintenance-sweep`, {
      headers: origin,
      data: { at: new Date(at).toISOString() },
    });
  const start = new Date(planned!.at).getTime();
  const early = await sweep(start - 60_000);
  expect(((await early.json()) as { upgraded: number[] }).upgraded).toEqual([]);
  const inside = await sweep(start + 60_000);
  expect(((await inside.json()) as { upgraded: number[] }).upgraded).toEqual([id]);

  // Node by node: the first old node is replaced while the others still wait.
  const events = page.getByTestId('cluster-event');
  const replaced = events.filter({ hasText: `(${planned!.version})` }).filter({
    hasText: 'replaced by',
  });
  await expect(replaced.first()).toBeVisible({ timeout: 30_000 });
  expect(await replaced.count()).toBeLessThan(3);
  await expect(replaced).toHaveCount(3, { timeout: 30_000 });
  await expect(
    events.filter({ hasText: `upgraded in its maintenance window` }).first(),
  ).toBeVisible({ timeout: 30_000 });
  // Newest first: each replacement follows the new node's "is ready".
  const messages = await events.locator('p.break-words').allTextContents();
  for (const line of messages.filter((message) => message.includes('replaced by'))) {
    const fresh = /replaced by (\S+) /.exec(line)![1]!;
    const ready = messages.findIndex((message) => message.startsWith(`Node ${fresh} is ready`));
    expect(ready).toBeGreaterThan(messages.indexOf(line));
  }
  await expect(page.getByTestId('maintenance-runs')).toHaveText(`Kubernetes ${planned!.version}`);
});
