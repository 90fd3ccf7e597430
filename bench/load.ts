import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** 50 connections for 10 seconds (BENCH_SECONDS changes it), against loopback only. */
export async function load(
  name: string,
  url: string,
  request: { headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: 50,
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    method: request.method ?? 'GET',
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const row = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  // Printed as it comes, on stderr: the table on stdout waits for the end of the run.
  console.error(`  ${name}: ${row.requestsPerSecond} req/s, p99 ${row.p99Ms} ms`);
  return row;
}
