import WebSocket from 'ws';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The 50th and 99th percentiles of some samples (sorts them). */
export function latencyFigures(samples: number[]) {
  samples.sort((a, b) => a - b);
  return { count: samples.length, p50Ms: percentile(samples, 50), p99Ms: percentile(samples, 99) };
}

/** A signed-in user's /ws socket, once open. */
export async function openPushSocket(baseUrl: string, cookie: string) {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

/**
 * Writes `count` notifications one after another through the API and times each from the
 * moment its request is sent until it arrives on the user's socket: an upper bound of the
 * write-to-push time, since it includes the HTTP round trip.
 */
export async function pushLatency(baseUrl: string, cookie: string, count = 1000) {
  const socket = await openPushSocket(baseUrl, cookie);
  const waiting = new Map<string, (at: number) => void>();
  socket.on('message', (data) => {
    // The organization's order and cluster pushes arrive on the same socket.
    const message = JSON.parse(String(data)) as { notification?: { message: string } };
    if (message.notification) waiting.get(message.notification.message)?.(performance.now());
  });
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const text = `bench push ${i} ${Date.now()}`;
    const arrived = new Promise<number>((resolve) => waiting.set(text, resolve));
    const start = performance.now();
    const response = await fetch(`${baseUrl}/api/dev/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type: 'info', message: text }),
    });
    if (response.status !== 201) throw new Error(`notify failed: ${response.status}`);
    samples.push((await arrived) - start);
    waiting.delete(text);
  }
  socket.close();
  return latencyFigures(samples);
}
