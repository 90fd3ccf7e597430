import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { createProviderRegistry } from './provider-registry.ts';

const env = { APP_ENV: 'test', DATA_DIR: '/tmp/alpenkube-gke-config' };

describe('GKE_PROJECT switches gke, and only gke, to the real driver', () => {
  it('leaves gke simulated without the project', () => {
    const config = loadConfig(env);
    expect(config.gke).toBeNull();
    expect(createProviderRegistry(config).driver('gke').simulated).toBe(true);
  });

  it("makes gke real with it, on Google's endpoint with Application Default Credentials", () => {
    const config = loadConfig({ ...env, GKE_PROJECT: ' alpenkube-prod ' });
    expect(config.gke).toEqual({
      project: 'alpenkube-prod',
      apiEndpoint: null,
      accessToken: null,
      pollMs: 10_000,
      manifestMirror: null,
    });
    const registry = createProviderRegistry(config);
    expect(registry.driver('gke').simulated).toBe(false);
    expect(registry.driver('doks').simulated).toBe(true);
    expect(registry.realProviders()).toEqual(['gke']);
  });

  it('takes a test endpoint, and a fixed token only with it', () => {
    expect(
      loadConfig({
        ...env,
        GKE_PROJECT: 'alpenkube-test',
        GKE_API_ENDPOINT: 'http://127.0.0.1:9000/',
        GKE_ACCESS_TOKEN: 'ya29.t',
        GKE_POLL_MS: '50',
        ADDON_MANIFEST_MIRROR: 'http://127.0.0.1:9001/mirror/',
      }).gke,
    ).toEqual({
      project: 'alpenkube-test',
      apiEndpoint: 'http://127.0.0.1:9000',
      accessToken: 'ya29.t',
      pollMs: 50,
      manifestMirror: 'http://127.0.0.1:9001/mirror',
    });
    // Production never takes a token from the environment: Google gets ADC.
    expect(() =>
      loadConfig({ ...env, GKE_PROJECT: 'alpenkube-prod', GKE_ACCESS_TOKEN: 'ya29.t' }),
    ).toThrow(/only for a test endpoint/);
  });

  it('refuses a project id or endpoint Google would not take', () => {
    expect(() => loadConfig({ ...env, GKE_PROJECT: 'Not A Project' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...env, GKE_PROJECT: 'alpenkube-prod', GKE_API_ENDPOINT: 'ftp://x' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...env,
        GKE_PROJECT: 'alpenkube-prod',
        GKE_API_ENDPOINT: 'https://container.googleapis.com/v1',
      }),
    ).toThrow(ConfigError);
    // A mirror's address is shown in messages: it may carry no credential.
    for (const mirror of [
      'ftp://mirror',
      'https://user:secret@mirror',
      'https://mirror/?token=x',
    ]) {
      expect(() =>
        loadConfig({ ...env, GKE_PROJECT: 'alpenkube-prod', ADDON_MANIFEST_MIRROR: mirror }),
      ).toThrow(/ADDON_MANIFEST_MIRROR must be an http\(s\) base URL/);
    }
  });
});
