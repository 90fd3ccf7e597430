import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './provider-retry.ts';
import { DOKS_SIZES, offerProblems, versionSlug } from './doks-offer.ts';

const options = {
  regions: [{ name: 'Frankfurt 1', slug: 'fra1' }],
  versions: [
    { slug: '1.36.4-do.0', kubernetes_version: '1.36.4' },
    { slug: '1.36.10-do.1', kubernetes_version: '1.36.10' },
    { slug: '1.37.1-do.0', kubernetes_version: '1.37.1' },
  ],
  sizes: [{ name: 'g-4vcpu-16gb', slug: 'g-4vcpu-16gb' }],
};

describe('what DigitalOcean offers, against an order', () => {
  it('picks the newest release of a minor, numerically', () => {
    expect(versionSlug(options.versions, '1.36')).toBe('1.36.10-do.1');
    expect(versionSlug(options.versions, '1.3')).toBeNull();
    expect(versionSlug(options.versions, '1.35')).toBeNull();
  });

  it('passes what is offered and names each thing that is not', () => {
    const order = {
      region: 'fra1',
      kubernetesVersion: '1.37',
      nodePools: [{ size: 'm-4vcpu-16gb' }],
    };
    expect(offerProblems(options, order)).toEqual([]);
    expect(
      offerProblems(options, {
        region: 'lon1',
        kubernetesVersion: '1.35',
        nodePools: [{ size: 'm-4vcpu-16gb' }, { size: 's-2vcpu-4gb' }],
      }),
    ).toEqual([
      { path: ['region'], message: 'DigitalOcean no longer offers Kubernetes in lon1' },
      { path: ['kubernetesVersion'], message: 'DigitalOcean no longer offers Kubernetes 1.35' },
      {
        path: ['nodePools', 1, 'size'],
        message: 'DigitalOcean does not offer s-2vcpu-4gb for Kubernetes now',
      },
    ]);
  });

  it('maps every catalog size to a Droplet slug', () => {
    expect(DOKS_SIZES['m-4vcpu-16gb']).toBe('g-4vcpu-16gb');
    expect(Object.values(DOKS_SIZES).every((slug) => /^[a-z0-9-]+$/.test(slug))).toBe(true);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(null)).toBe(1000);
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('nonsense')).toBe(1000);
  });
});
