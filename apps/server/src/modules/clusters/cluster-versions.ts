import {
  MAINTENANCE_WINDOW_HOURS,
  weekdays,
  type Catalog,
  type ClusterMaintenance,
  type KubernetesVersion,
  type PlannedUpgrade,
  type Weekday,
} from '@alpenkube/contract';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MINUTES = 7 * 24 * 60;
/** Zones are whole hours, half or quarter hours off UTC: a window starts on a quarter hour. */
const STEP_MS = 15 * MINUTE_MS;
const WINDOW_MS = MAINTENANCE_WINDOW_HOURS * HOUR_MS;

/** The next minor, when the catalog supports it: upgrades go one minor at a time, never down. */
export function upgradesOf(minor: string, catalog: Catalog): string[] {
  const [major, current] = minor.split('.').map(Number);
  const next = `${major}.${(current ?? 0) + 1}`;
  return catalog.kubernetesVersions.some((version) => version.minor === next) ? [next] : [];
}

const patchNumber = (release: string) => Number(release.split('.')[2] ?? 0);
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The newest patch of the minor out by `at` (a later one is only scheduled upstream). */
export function releasedPatch(version: KubernetesVersion, at: Date): string {
  const out = version.patches.filter((patch) => patch.releasedOn <= dayOf(at));
  const newest = out.at(-1)?.patch;
  return newest && patchNumber(newest) > patchNumber(version.latestPatch)
    ? newest
    : version.latestPatch;
}

/**
 * The time zone of each region's city: a cluster's window is 03:00 on Sunday there until its
 * owners choose another (the night of the region, when its users sleep).
 */
const CITY_ZONES: Record<string, string> = {
  Frankfurt: 'Europe/Berlin',
  Paris: 'Europe/Paris',
  Amsterdam: 'Europe/Amsterdam',
  Vienna: 'Europe/Vienna',
  Stockholm: 'Europe/Stockholm',
  Madrid: 'Europe/Madrid',
  Zurich: 'Europe/Zurich',
  'St. Ghislain': 'Europe/Brussels',
  Dublin: 'Europe/Dublin',
  London: 'Europe/London',
  'Ashburn, Virginia': 'America/New_York',
  Virginia: 'America/New_York',
  'New York': 'America/New_York',
  Dallas: 'America/Chicago',
  Johannesburg: 'Africa/Johannesburg',
  Singapore: 'Asia/Singapore',
  Hangzhou: 'Asia/Shanghai',
};

export interface MaintenanceWindow {
  day: Weekday;
  hour: number;
  timeZone: string;
}

/** What of a cluster its window and upgrades depend on (a row of the clusters table). */
export interface MaintainedCluster {
  provider: string;
  region: string;
  kubernetesVersion: string;
  kubernetesPatch: string;
  maintenanceDay: Weekday;
  maintenanceHour: number;
  maintenanceTimeZone: string | null;
  autoUpgrade: boolean;
}

/** The zone of the cluster's region; UTC for a region the list does not know. */
export function regionTimeZone(cluster: { provider: string; region: string }, catalog: Catalog) {
  const city = catalog.providers
    .find((provider) => provider.slug === cluster.provider)
    ?.regions.find((region) => region.code === cluster.region)?.city;
  return (city && CITY_ZONES[city]) ?? 'UTC';
}

export function windowOf(cluster: MaintainedCluster, catalog: Catalog): MaintenanceWindow {
  return {
    day: cluster.maintenanceDay,
    hour: cluster.maintenanceHour,
    timeZone: cluster.maintenanceTimeZone ?? regionTimeZone(cluster, catalog),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The minute of the local week (Monday 00:00 is 0) at `at` in `timeZone`. */
function weekMinute(at: Date, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '0';
  const day = Math.max(0, weekdays.indexOf(part('weekday').toLowerCase().slice(0, 3) as Weekday));
  return day * 24 * 60 + Number(part('hour')) * 60 + Number(part('minute'));
}

/** The first start of the window at or after `from`. */
export function nextWindowStart(window: MaintenanceWindow, from: Date): Date {
  const base = Math.ceil(from.getTime() / STEP_MS) * STEP_MS;
  const target = weekdays.indexOf(window.day) * 24 * 60 + window.hour * 60;
  const ahead =
    (target - weekMinute(new Date(base), window.timeZone) + WEEK_MINUTES) % WEEK_MINUTES;
  for (let week = 0; week < 3; week += 1) {
    const guess = base + (ahead + week * WEEK_MINUTES) * MINUTE_MS;
    // A change to or from daylight saving in between moves the wall clock by up to two hours;
    // a start hour the change skips that week is taken the week after.
    for (let shift = -8; shift <= 8; shift += 1) {
      const at = guess + shift * STEP_MS;
      if (at >= base && weekMinute(new Date(at), window.timeZone) === target) return new Date(at);
    }
  }
  return new Date(base + ahead * MINUTE_MS);
}

/** The start of the window under way at `now`, or of the next one. */
export function currentWindowStart(window: MaintenanceWindow, now: Date): Date {
  return nextWindowStart(window, new Date(now.getTime() - WINDOW_MS + 1));
}

export function insideWindow(window: MaintenanceWindow, now: Date): boolean {
  return currentWindowStart(window, now).getTime() <= now.getTime();
}

/** The start of the last window that ends by `end`. */
function lastWindowBefore(window: MaintenanceWindow, end: Date): Date {
  let last = nextWindowStart(window, new Date(end.getTime() - 8 * DAY_MS));
  for (;;) {
    const next = nextWindowStart(window, new Date(last.getTime() + 1));
    if (next.getTime() + WINDOW_MS > end.getTime()) return last;
    last = next;
  }
}

/** A planned upgrade with the minor it goes to (the same minor for a patch). */
export type Plan = PlannedUpgrade & { minor: string };

/**
 * The upgrades the platform will start in coming windows, as of `now`, earliest first: the
 * newest patch of the cluster's minor once it is out (while auto-upgrade is on), and the next
 * minor in the last window before the current one's end of support.
 */
export function upgradePlans(
  cluster: MaintainedCluster,
  catalog: Catalog,
  now: Date,
  catalogPatches = true,
): Plan[] {
  const version = catalog.kubernetesVersions.find((v) => v.minor === cluster.kubernetesVersion);
  if (!version) return [];
  const window = windowOf(cluster, catalog);
  const current = currentWindowStart(window, now);
  const plans: Plan[] = [];

  if (cluster.autoUpgrade && catalogPatches) {
    const newer = version.patches.filter(
      (patch) => patchNumber(patch.patch) > patchNumber(cluster.kubernetesPatch),
    );
    const out = newer.filter((patch) => patch.releasedOn <= dayOf(now));
    const pick = out.at(-1) ?? newer[0];
    if (pick) {
      plans.push({
        reason: 'patch',
        version: pick.patch,
        minor: version.minor,
        endOfSupport: null,
        at: (out.length
          ? current
          : nextWindowStart(window, new Date(`${pick.releasedOn}T00:00:00Z`))
        ).toISOString(),
      });
    }
  }

  const nextMinor = upgradesOf(version.minor, catalog)[0];
  const target = catalog.kubernetesVersions.find((v) => v.minor === nextMinor);
  if (target) {
    const last = lastWindowBefore(window, new Date(`${version.endOfSupport}T00:00:00Z`));
    // A window missed (the cluster was busy, or the date is past): the next one.
    const at = last.getTime() > current.getTime() ? last : current;
    plans.push({
      reason: 'end_of_support',
      version: releasedPatch(target, at),
      minor: target.minor,
      endOfSupport: version.endOfSupport,
      at: at.toISOString(),
    });
  }
  // The earlier first; on the same window the minor upgrade, which brings its newest patch.
  return plans.sort((a, b) => a.at.localeCompare(b.at) || (a.reason === 'end_of_support' ? -1 : 1));
}

/** The first of them: what the next window does, or null when none is planned. */
export function plannedUpgrade(
  cluster: MaintainedCluster,
  catalog: Catalog,
  now: Date,
  catalogPatches = true,
) {
  return upgradePlans(cluster, catalog, now, catalogPatches)[0] ?? null;
}

/** The cluster's window, its next start and the upgrade planned, as the API shows them. */
export function maintenanceOf(
  cluster: MaintainedCluster,
  catalog: Catalog,
  catalogPatches: boolean,
  now = new Date(),
): ClusterMaintenance {
  const window = windowOf(cluster, catalog);
  const plan = plannedUpgrade(cluster, catalog, now, catalogPatches);
  return {
    ...window,
    regionTimeZone: cluster.maintenanceTimeZone === null,
    autoUpgrade: cluster.autoUpgrade,
    providerPatches: !catalogPatches,
    nextWindow: currentWindowStart(window, now).toISOString(),
    planned: plan
      ? { reason: plan.reason, version: plan.version, at: plan.at, endOfSupport: plan.endOfSupport }
      : null,
  };
}
