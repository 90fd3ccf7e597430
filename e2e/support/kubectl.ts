import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';

const run = promisify(execFile);
const KUBECTL = process.env.KUBECTL ?? 'kubectl';

/**
 * The real kubectl with the kubeconfig a person downloads from the cluster page (the page must
 * show that cluster): answers a runner of kubectl commands that rejects on a failure.
 */
export async function kubectlFromPage(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download kubeconfig' }).click();
  const kubeconfig = await (await downloading).path();
  return async (...args: string[]) =>
    (await run(KUBECTL, ['--kubeconfig', kubeconfig, ...args], { timeout: 30_000 })).stdout;
}
