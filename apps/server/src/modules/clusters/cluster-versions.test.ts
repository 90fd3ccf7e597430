import { describe, expect, it } from 'vitest';
import { TEST_CATALOG } from '@alpenkube/contract/pricing.fixture';
import {
  insideWindow,
  nextWindowStart,
  plannedUpgrade,
  type MaintainedCluster,
} from './cluster-versions.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('maintenance windows', () => {
  it('starts at the local hour of its zone, daylight saving and half-hour zones included', () => {
    const berlin = { day: 'sun', hour: 3, timeZone: 'Europe/Berlin' } as const;
    expect(iso(nextWindowStart(berlin, at('2026-11-29T00:27:00Z')))).toBe(
      '2026-11-29T02:00:00.000Z',
    );
    // 28 March 2027: Berlin moves to summer time at 02:00, so 03:00 is 01:00 UTC…
    expect(iso(nextWindowStart(berlin, at('2027-03-27T12:00:00Z')))).toBe(
      '2027-03-28T01:00:00.000Z',
    );
    // …and 02:00 does not exist that night: the window is the next Sunday's.
    expect(iso(nextWindowStart({ ...berlin, hour: 2 }, at('2027-03-27T12:00:00Z')))).toBe(
      '2027-04-04T00:00:00.000Z',
    );
    // Kolkata is UTC+05:30: Monday 03:00 there is Sunday 21:30 UTC.
    const kolkata = { day: 'mon', hour: 3, timeZone: 'Asia/Kolkata' } as const;
    expect(iso(nextWindowStart(kolkata, at('2026-11-29T00:00:00Z')))).toBe(
      '2026-11-29T21:30:00.000Z',
    );
  });

  it('lasts four hours from its start', () => {
    const window = { day: 'sun', hour: 3, timeZone: 'Europe/Berlin' } as const;
    expect(insideWindow(window, at('2026-11-29T01:59:00Z'))).toBe(false);
    expect(insideWindow(window, at('2026-11-29T02:00:00Z'))).toBe(true);
    expect(insideWindow(window, at('2026-11-29T05:59:00Z'))).toBe(true);
    expect(insideWindow(window, at('2026-11-29T06:00:00Z'))).toBe(false);
  });

  it('plans a patch once it is out, and a minor in the last window before its end of support', () => {
    const cluster: MaintainedCluster = {
      provider: 'alpenkube',
      region: 'eu-de-fra',
      kubernetesVersion: '1.37',
      kubernetesPatch: '1.37.2',
      maintenanceDay: 'sun',
      maintenanceHour: 3,
      maintenanceTimeZone: 'Europe/Berlin',
      autoUpgrade: true,
    };
    // 1.37.3 comes out on 9 December: the first window after it is Sunday the 13th.
    expect(plannedUpgrade(cluster, TEST_CATALOG, at('2026-11-29T12:00:00Z'))).toMatchObject({
      reason: 'patch',
      version: '1.37.3',
      at: '2026-12-13T02:00:00.000Z',
    });
    expect(plannedUpgrade({ ...cluster, autoUpgrade: false }, TEST_CATALOG, new Date())).toBe(null);
    // On a provider that ships its own patches, none of the catalog's is planned.
    expect(plannedUpgrade(cluster, TEST_CATALOG, new Date(), false)).toBe(null);

    const old = { ...cluster, kubernetesVersion: '1.35', kubernetesPatch: '1.35.9' };
    expect(plannedUpgrade(old, TEST_CATALOG, at('2027-01-01T00:00:00Z'))).toMatchObject({
      reason: 'end_of_support',
      version: '1.36.5',
      at: '2027-02-21T02:00:00.000Z',
      endOfSupport: '2027-02-28',
    });
    // Past its end of support (the window was missed): the next window.
    expect(plannedUpgrade(old, TEST_CATALOG, at('2027-03-01T12:00:00Z'))).toMatchObject({
      reason: 'end_of_support',
      at: '2027-03-07T02:00:00.000Z',
    });
  });
});
