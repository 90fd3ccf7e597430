import http from 'node:http';

export interface TimedAnswer {
  status: number;
  ms: number;
  headers: http.IncomingHttpHeaders;
}

/**
 * One GET on the agent's kept-alive connection to the server on loopback: its status, headers
 * and how long it took, body read to the end. The latency tests measure health so.
 */
export function timedGet(agent: http.Agent, port: number, path: string): Promise<TimedAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, timeout: 15_000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            ms: performance.now() - started,
            headers: response.headers,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${path} unanswered for 15 s`)));
    request.on('error', reject);
  });
}
