import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createProviderRegistry } from './provider-registry.ts';

const env = { APP_ENV: 'test', DATA_DIR: '/tmp/alpenkube-doks-config' };

describe('DIGITALOCEAN_TOKEN switches doks, and only doks, to the real driver', () => {
  it('leaves every provider simulated without the token', () => {
    const config = loadConfig(env);
    expect(config.digitalocean).toBeNull();
    const registry = createProviderRegistry(config);
    expect(registry.driver('doks').simulated).toBe(true);
    expect(registry.realProviders()).toEqual([]);
  });

  it('makes doks real with it, on DigitalOcean by default or the given URL', () => {
    const config = loadConfig({ ...env, DIGITALOCEAN_TOKEN: ' dop_v1_abc ' });
    expect(config.digitalocean).toEqual({
      token: 'dop_v1_abc',
      apiUrl: 'https://api.digitalocean.com',
      pollMs: 10_000,
    });
    const registry = createProviderRegistry(config);
    expect(registry.driver('doks').simulated).toBe(false);
    expect(registry.driver('gke').simulated).toBe(true);
    expect(registry.realProviders()).toEqual(['doks']);
    expect(
      loadConfig({
        ...env,
        DIGITALOCEAN_TOKEN: 't',
        DIGITALOCEAN_API_URL: 'http://127.0.0.1:9000/',
        DIGITALOCEAN_POLL_MS: '50',
      }).digitalocean,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:9000', pollMs: 50 });
  });

  it('refuses an API URL that is not http(s)', () => {
    expect(() =>
      loadConfig({ ...env, DIGITALOCEAN_TOKEN: 't', DIGITALOCEAN_API_URL: 'ftp://x' }),
    ).toThrow(ConfigError);
  });
});
