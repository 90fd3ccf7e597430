import type { DriverCluster, DriverNodePool, DriverStep } from './provider-driver.ts';
import type { ProviderProfile } from './provider-profiles.ts';
import { shortId } from './simulated-driver.ts';

/** What the real drivers' plans share. */

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * New nodes' names, the platform's own: a real provider names its machines itself, and the
 * platform's names are planned once, never reusing one the pool had.
 */
export function newNodeNames(
  profile: ProviderProfile,
  cluster: DriverCluster,
  pool: DriverNodePool,
  count: number,
): string[] {
  const taken = new Set(pool.usedNames);
  const names: string[] = [];
  for (let ordinal = pool.usedNames.length; names.length < count; ordinal += 1) {
    const name = profile.nodeName(cluster.name, pool.name, shortId(cluster.id, pool.id, ordinal));
    if (!taken.has(name)) {
      taken.add(name);
      names.push(name);
    }
  }
  return names;
}

/**
 * Add-ons are recorded, not installed, on a real provider's cluster yet: the event says so,
 * naming the provider whose driver installs none.
 */
export function recordedAddonStep(provider: string, slug: string, install: boolean): DriverStep {
  return install
    ? {
        key: `addon:${slug}`,
        label: `Recording add-on ${slug}`,
        done: `Add-on ${slug} recorded (not installed: the ${provider} driver installs no add-ons yet)`,
        weight: 1,
        effect: { type: 'addon-installed', slug },
      }
    : {
        key: `addon-remove:${slug}`,
        label: `Removing add-on ${slug} from the records`,
        done: `Add-on ${slug} removed from the records`,
        weight: 1,
        effect: { type: 'addon-removed', slug },
      };
}
