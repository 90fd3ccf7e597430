import { createTestApp, type TestApp } from './test-app.ts';
import { startDigitalOceanDouble, type DigitalOceanDouble } from './digitalocean-double.ts';

/**
 * An app whose `doks` provider is the real driver, against a fresh DigitalOcean double that
 * takes `token`, polling at once; every log line (debug included) goes to `logs`, for the tests
 * that look for the token in them.
 */
export async function startDoksApp(
  token: string,
  logs: string[],
): Promise<{ t: TestApp; double: DigitalOceanDouble; close: () => Promise<void> }> {
  const double = await startDigitalOceanDouble({ token });
  const t = await createTestApp({
    env: {
      MAIL_LIMIT_PER_IP: '10000',
      DIGITALOCEAN_TOKEN: token,
      DIGITALOCEAN_API_URL: double.url,
      DIGITALOCEAN_POLL_MS: '1',
      LOG_LEVEL: 'debug',
    },
    logStream: { write: (line) => void logs.push(line) },
  });
  return {
    t,
    double,
    close: async () => {
      await t.close();
      await double.close();
    },
  };
}
