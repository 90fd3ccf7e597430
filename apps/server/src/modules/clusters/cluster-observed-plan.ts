import type { ObservedResources } from '../providers/index.ts';

/** A live row of a resource observed at the provider, as reconciliation needs it. */
export interface ObservedVolumeRow {
  id: number;
  providerRef: string;
  name: string;
  sizeGb: number;
  createdAt: Date;
}
export interface ObservedBalancerRow {
  id: number;
  providerRef: string;
  name: string;
  ip: string;
  createdAt: Date;
}

export interface ObservationTimes {
  /** When the provider answered (this observation). */
  now: Date;
  /**
   * When it last answered before (`clusters.resources_observed_at`); null at the first look.
   * Metering has billed no hour after it, so rows may start or end there without any hour
   * being billed twice or differently from what the rows say.
   */
  lastObservedAt: Date | null;
}

/** What the rows must become: rows to open, rows to close (with when), addresses to correct. */
export interface ObservedChanges {
  openVolumes: {
    ref: string;
    name: string;
    sizeGb: number;
    storageClass: string;
    createdAt: Date;
    resized: boolean;
  }[];
  closeVolumes: { id: number; name: string; sizeGb: number; deletedAt: Date; resized: boolean }[];
  openBalancers: { ref: string; name: string; ip: string; createdAt: Date }[];
  closeBalancers: { id: number; name: string; deletedAt: Date }[];
  balancerAddresses: { id: number; ip: string }[];
}

const latest = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The changes that make a cluster's observed rows what the provider has now. The billing rules
 * (docs/provider-drivers.md, "Volumes and load balancers made inside the cluster"):
 *
 * - A resource seen for the first time starts when the provider says it was made, but never
 *   before the previous look (those hours are metered already, without it) nor after now; at
 *   the first look, now.
 * - A resource no longer there ends at the previous look, when it was last seen: the minutes
 *   between two looks are not billed, rather than billed for a resource that may be gone.
 * - A volume resized (DigitalOcean only grows them) ends its row now at the old size and opens
 *   a new one at the new size: the larger size is billed from when it was seen.
 * - A load balancer's new address corrects its row: an address is not billed.
 *
 * Rows are matched by the provider's id, never by name; a name a live row of the cluster holds
 * already gets the id's first characters, as names are unique among a cluster's live rows.
 */
export function observedChanges(
  rows: { volumes: ObservedVolumeRow[]; loadBalancers: ObservedBalancerRow[] },
  seen: ObservedResources,
  times: ObservationTimes,
  /** Names of the cluster's live rows of each kind that are not observed ones. */
  otherNames: { volumes: string[]; loadBalancers: string[] } = { volumes: [], loadBalancers: [] },
): ObservedChanges {
  const { now, lastObservedAt } = times;
  const startOf = (made: Date | null) => {
    if (!lastObservedAt) return now;
    const at = made && made < now ? made : now;
    return latest(at, lastObservedAt);
  };
  const endOf = (row: { createdAt: Date }) => latest(row.createdAt, lastObservedAt ?? now);
  const changes: ObservedChanges = {
    openVolumes: [],
    closeVolumes: [],
    openBalancers: [],
    closeBalancers: [],
    balancerAddresses: [],
  };

  const seenVolumes = new Map(seen.volumes.map((volume) => [volume.ref, volume]));
  const volumeNames = new Set(otherNames.volumes);
  for (const row of rows.volumes) {
    const volume = seenVolumes.get(row.providerRef);
    if (!volume) {
      changes.closeVolumes.push({ ...pick(row), deletedAt: endOf(row), resized: false });
    } else if (volume.sizeGb !== row.sizeGb) {
      changes.closeVolumes.push({
        ...pick(row),
        deletedAt: latest(row.createdAt, now),
        resized: true,
      });
      changes.openVolumes.push({
        ref: row.providerRef,
        name: row.name,
        sizeGb: volume.sizeGb,
        storageClass: volume.storageClass,
        createdAt: latest(row.createdAt, now),
        resized: true,
      });
      volumeNames.add(row.name);
    } else {
      volumeNames.add(row.name);
    }
  }
  const known = new Set(rows.volumes.map((row) => row.providerRef));
  for (const volume of seen.volumes) {
    if (known.has(volume.ref)) continue;
    const name = freeName(volume.name, volume.ref, volumeNames);
    changes.openVolumes.push({
      ref: volume.ref,
      name,
      sizeGb: volume.sizeGb,
      storageClass: volume.storageClass,
      createdAt: startOf(volume.createdAt),
      resized: false,
    });
  }

  const seenBalancers = new Map(seen.loadBalancers.map((balancer) => [balancer.ref, balancer]));
  const balancerNames = new Set(otherNames.loadBalancers);
  for (const row of rows.loadBalancers) {
    const balancer = seenBalancers.get(row.providerRef);
    if (!balancer) {
      changes.closeBalancers.push({ id: row.id, name: row.name, deletedAt: endOf(row) });
      continue;
    }
    balancerNames.add(row.name);
    if (balancer.ip !== row.ip) changes.balancerAddresses.push({ id: row.id, ip: balancer.ip });
  }
  const knownBalancers = new Set(rows.loadBalancers.map((row) => row.providerRef));
  for (const balancer of seen.loadBalancers) {
    if (knownBalancers.has(balancer.ref)) continue;
    changes.openBalancers.push({
      ref: balancer.ref,
      name: freeName(balancer.name, balancer.ref, balancerNames),
      ip: balancer.ip,
      createdAt: startOf(balancer.createdAt),
    });
  }
  return changes;
}

const pick = (row: ObservedVolumeRow) => ({ id: row.id, name: row.name, sizeGb: row.sizeGb });

/** The provider's name, or with its id's first characters when a live row holds it already. */
function freeName(name: string, ref: string, taken: Set<string>) {
  const free = taken.has(name) ? `${name}-${ref.slice(0, 8)}` : name;
  taken.add(free);
  return free;
}
