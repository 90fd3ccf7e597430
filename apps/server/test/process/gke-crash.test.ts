import { describe, it } from 'vitest';
import { createCrashTest } from '../support/create-crash.ts';
import { startGkeDouble, type GkeDouble } from '../support/gke-double.ts';

const TOKEN = 'ya29.crash-test-access-token';
const PROJECT = 'alpenkube-crash';

describe('the GKE driver killed with SIGKILL after Google accepted a create', () => {
  it('finds the accepted cluster by its label after the restart, and creates no second', async () => {
    let double: GkeDouble | undefined;
    await createCrashTest({
      startDouble: async (onCreate) =>
        (double = await startGkeDouble({ token: TOKEN, project: PROJECT, onCreate })),
      env: (started) => ({
        GKE_PROJECT: PROJECT,
        GKE_API_ENDPOINT: started.url,
        GKE_ACCESS_TOKEN: TOKEN,
        GKE_POLL_MS: '50',
      }),
      provider: 'gke',
      region: 'europe-west3',
      creates: () =>
        double!.requests.filter(
          (r) => r.method === 'POST' && /\/locations\/[^/]+\/clusters$/.test(r.path),
        ).length,
      secret: TOKEN,
    });
  });
});
