import type { AlpenkubeClient } from '@alpenkube/client';
import { ApiError } from '@alpenkube/client';

const FAILED = new Set(['failed', 'degraded', 'deleting', 'deleted']);

interface ClusterPush {
  status: string;
  progress: number | null;
  event: { message: string } | null;
}

/** The progress bar on a terminal, a line per step otherwise (no colour, no redrawing in a log). */
function progressView() {
  const tty = process.stderr.isTTY;
  let lastLine = '';
  let step = '';
  return {
    draw(status: string, progress: number, message?: string | null) {
      if (message) step = message;
      const line = `${status}${step ? `: ${step}` : ''}`;
      if (tty) {
        const filled = Math.round(progress / 5);
        process.stderr.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(20 - filled)}] ${String(progress).padStart(3)}% ${line}\x1b[K`,
        );
      } else if (line !== lastLine) {
        process.stderr.write(`${progress}% ${line}\n`);
      }
      lastLine = line;
    },
    end() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/** The stream broke (a proxy, a restart): the caller asks the API instead. */
class StreamLost extends Error {}

/** Reads `event: cluster` pushes from the server-sent events stream until one says it is over. */
async function followStream(
  client: AlpenkubeClient,
  id: string,
  view: ReturnType<typeof progressView>,
  signal: AbortSignal,
): Promise<string> {
  let response;
  try {
    response = await client.GET('/api/clusters/{id}/events/stream', {
      params: { path: { id } },
      parseAs: 'stream',
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 503) throw error;
    throw new StreamLost(String(error));
  }
  const reader = (response.data as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw new StreamLost('the stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('');
        if (!data) continue;
        const push = JSON.parse(data) as ClusterPush;
        const progress =
          push.status === 'running' ? 100 : push.progress !== null ? Math.round(push.progress) : 0;
        view.draw(push.status, progress, push.event?.message);
        if (push.status === 'running' || FAILED.has(push.status)) {
          return push.status;
        }
      }
    }
  } catch (error) {
    if (signal.aborted || error instanceof StreamLost) throw error;
    throw new StreamLost(String(error));
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** Asks the API every `intervalMs` until the cluster's operation is over (the stream's fallback). */
async function poll(
  client: AlpenkubeClient,
  id: string,
  view: ReturnType<typeof progressView>,
  options: { deadline: number; intervalMs: number },
) {
  for (;;) {
    const { data: cluster } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
    const { status, operation } = cluster!;
    view.draw(
      status,
      operation ? Math.round(operation.progress) : status === 'running' ? 100 : 0,
      operation?.step,
    );
    if ((status === 'running' && !operation) || FAILED.has(status)) return status;
    if (Date.now() > options.deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}

/**
 * Follows a cluster until its operation is over, live from its server-sent events (the pushes the
 * cluster page gets over its socket), asking the API every `intervalMs` if the stream breaks. A
 * cluster that ends failed or degraded is an error (exit code 1), as is the timeout.
 */
export async function waitForCluster(
  client: AlpenkubeClient,
  id: string,
  options: { timeoutMs: number; intervalMs?: number },
) {
  const view = progressView();
  const deadline = Date.now() + options.timeoutMs;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  try {
    try {
      await followStream(client, id, view, timeout);
    } catch (error) {
      if (!(error instanceof StreamLost)) throw error;
      await poll(client, id, view, { deadline, intervalMs: options.intervalMs ?? 2000 });
    }
  } catch (error) {
    if (!timeout.aborted) throw error;
  } finally {
    view.end();
  }
  const { data: cluster } = await client.GET('/api/clusters/{id}', { params: { path: { id } } });
  const { status, operation } = cluster!;
  if (FAILED.has(status)) {
    throw new ApiError(
      409,
      `The cluster is ${status}: ${cluster!.statusReason ?? 'see its events'}`,
    );
  }
  if (status !== 'running' || operation) {
    throw new Error(`Still ${status} after the wait's ${options.timeoutMs / 1000} s.`);
  }
  return cluster!;
}
