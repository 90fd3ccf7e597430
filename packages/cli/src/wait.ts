import type { AlpenkubeClient } from '@alpenkube/client';
import { ApiError } from '@alpenkube/client';

const FAILED = new Set(['failed', 'degraded', 'deleting', 'deleted']);

/**
 * Follows a cluster until its operation is over: a progress bar on a terminal, a line per step
 * otherwise (no colour, no redrawing in a log). It asks the API every `intervalMs`; a cluster that
 * ends failed or degraded is an error (exit code 1).
 */
export async function waitForCluster(
  client: AlpenkubeClient,
  id: string,
  options: { timeoutMs: number; intervalMs?: number },
) {
  const until = 'running';
  const tty = process.stderr.isTTY;
  const deadline = Date.now() + options.timeoutMs;
  let lastLine = '';
  for (;;) {
    const { data: cluster } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
    const { status, operation } = cluster!;
    const progress = operation ? Math.round(operation.progress) : status === until ? 100 : 0;
    const line = `${status}${operation?.step ? `: ${operation.step}` : ''}`;
    if (tty) {
      const filled = Math.round(progress / 5);
      process.stderr.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(20 - filled)}] ${String(progress).padStart(3)}% ${line}\x1b[K`,
      );
    } else if (line !== lastLine) {
      process.stderr.write(`${progress}% ${line}\n`);
    }
    lastLine = line;
    if (status === until && !operation) {
      if (tty) process.stderr.write('\n');
      return cluster!;
    }
    if (FAILED.has(status)) {
      if (tty) process.stderr.write('\n');
      throw new ApiError(
        409,
        `The cluster is ${status}: ${cluster!.statusReason ?? 'see its events'}`,
      );
    }
    if (Date.now() > deadline) {
      if (tty) process.stderr.write('\n');
      throw new Error(`Still ${status} after the wait's ${options.timeoutMs / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 2000));
  }
}
