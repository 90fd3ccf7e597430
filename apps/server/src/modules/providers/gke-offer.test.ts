import { describe, expect, it } from 'vitest';
import { GKE_SIZES, GKE_ZONES, offerProblems } from './gke-offer.ts';
import { gkeClusterName, gkePoolName } from './gke-steps.ts';
import { newestOfMinor } from './provider-versions.ts';

const config = {
  defaultClusterVersion: '1.36.5-gke.1200',
  validMasterVersions: ['1.37.2-gke.1100', '1.36.5-gke.1200', '1.36.4-gke.1900', '1.35.9-gke.1500'],
  validNodeVersions: [],
};

describe('what Google offers, and the names the platform gives', () => {
  it("picks Google's newest release of a minor, numerically", () => {
    expect(newestOfMinor(config.validMasterVersions, '1.36')).toBe('1.36.5-gke.1200');
    expect(newestOfMinor(['1.36.9-gke.100', '1.36.10-gke.50'], '1.36')).toBe('1.36.10-gke.50');
    expect(newestOfMinor(config.validMasterVersions, '1.3')).toBeNull();
  });

  it('maps every catalog size to a machine type, and every catalog region to a zone', () => {
    expect(GKE_SIZES['m-4vcpu-16gb']).toBe('e2-standard-4');
    expect(Object.keys(GKE_SIZES)).toHaveLength(6);
    // St. Ghislain has no zone -a.
    expect(GKE_ZONES['europe-west1']).toBe('europe-west1-b');
  });

  it('names what Google does not offer of an order, in the customer words', () => {
    const order = {
      region: 'europe-west3',
      kubernetesVersion: '1.36',
      nodePools: [{ size: 'm-4vcpu-16gb' }],
    };
    const offered = { config, machineTypes: new Map([['e2-standard-4', 4]]) };
    expect(offerProblems(offered, order)).toEqual([]);
    // Compute Engine unreadable: the sizes are Google's to refuse at the create.
    expect(offerProblems({ config, machineTypes: null }, order)).toEqual([]);
    expect(offerProblems({ config: null, machineTypes: null }, order)).toEqual([
      { path: ['region'], message: 'Google no longer offers Kubernetes Engine in europe-west3' },
    ]);
    expect(offerProblems(offered, { ...order, kubernetesVersion: '1.34' })[0]!.path).toEqual([
      'kubernetesVersion',
    ]);
    expect(offerProblems(offered, { ...order, nodePools: [{ size: 'tiny' }] })[0]!.message).toBe(
      'Google Kubernetes Engine has no machine type for tiny',
    );
    expect(
      offerProblems(offered, { ...order, nodePools: [{ size: 'l-8vcpu-32gb' }] })[0]!.message,
    ).toBe('Google does not offer l-8vcpu-32gb (e2-standard-8) in europe-west3-a now');
  });

  it('gives names Google accepts: a letter first, 40 characters at most, no trailing dash', () => {
    expect(gkeClusterName({ id: 12, name: 'Web Shop' })).toBe('ak-12-web-shop');
    const long = gkeClusterName({ id: 123456, name: 'a'.repeat(33) + '-b' });
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toMatch(/^[a-z](?:[-a-z0-9]*[a-z0-9])?$/);
    expect(gkePoolName({ id: 7, name: 'general' })).toBe('general-7');
    expect(gkePoolName({ id: 8, name: '2nd' })).toBe('p-2nd-8');
  });
});
