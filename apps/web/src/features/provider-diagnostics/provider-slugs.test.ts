import { describe, expect, it } from 'vitest';
import { paths, providerTestSlugs } from '@/config/paths';
import { providerOfPath, providerOfTestPage } from './provider-slugs';

describe('the provider test pages', () => {
  it('each diagnose one catalog provider, none twice', () => {
    const providers = providerTestSlugs.map((slug) => providerOfTestPage[slug]);
    expect(providers).toEqual(['gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks']);
    expect(new Set(providers).size).toBe(providers.length);
  });

  it('read their provider from their own path, and nothing from another', () => {
    expect(providerOfPath(paths.providerTest('aws-eks'))).toBe('eks');
    expect(providerOfPath('/digitalocean-doks-test')).toBe('doks');
    expect(providerOfPath('/gke-test')).toBeNull();
    expect(providerOfPath('/dashboard')).toBeNull();
  });
});
