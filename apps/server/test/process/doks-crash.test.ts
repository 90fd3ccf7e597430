import { describe, it } from 'vitest';
import { createCrashTest } from '../support/create-crash.ts';
import {
  startDigitalOceanDouble,
  type DigitalOceanDouble,
} from '../support/digitalocean-double.ts';

const TOKEN = 'dop_v1_crash_test_token';

describe('the DOKS driver killed with SIGKILL after DigitalOcean accepted a create', () => {
  it('finds the accepted cluster by its tag after the restart, and creates no second', async () => {
    let double: DigitalOceanDouble | undefined;
    await createCrashTest({
      startDouble: async (onCreate) =>
        (double = await startDigitalOceanDouble({ token: TOKEN, onCreate })),
      env: (started) => ({
        DIGITALOCEAN_TOKEN: TOKEN,
        DIGITALOCEAN_API_URL: started.url,
        DIGITALOCEAN_POLL_MS: '50',
      }),
      provider: 'doks',
      region: 'fra1',
      creates: () =>
        double!.requests.filter((r) => r.method === 'POST' && r.path === '/v2/kubernetes/clusters')
          .length,
      secret: TOKEN,
    });
  });
});
