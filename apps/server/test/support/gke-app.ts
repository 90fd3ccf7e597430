import { createTestApp, type TestApp } from './test-app.ts';
import { startGkeDouble, type GkeDouble } from './gke-double.ts';

/**
 * An app whose `gke` provider is the real driver, against a fresh Container API double that
 * takes `token` for `project`, polling at once; `env` adds settings (a manifest mirror); every
 * log line (debug included) goes to `logs`, for the tests that look for the token in them.
 */
export async function startGkeApp(options: {
  token: string;
  project: string;
  logs: string[];
  env?: Record<string, string>;
}): Promise<{ t: TestApp; double: GkeDouble; close: () => Promise<void> }> {
  const { token, project, logs, env } = options;
  const double = await startGkeDouble({ token, project });
  const t = await createTestApp({
    env: {
      MAIL_LIMIT_PER_IP: '10000',
      GKE_PROJECT: project,
      GKE_API_ENDPOINT: double.url,
      GKE_ACCESS_TOKEN: token,
      GKE_POLL_MS: '1',
      LOG_LEVEL: 'debug',
      ...env,
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
