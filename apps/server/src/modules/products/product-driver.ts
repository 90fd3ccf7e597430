import { createHash } from 'node:crypto';

/**
 * The simulated driver of marketplace products: what each job does, step by step, how long a
 * step takes in simulated seconds, the connection details it hands out, and the usage it
 * reports. A real driver (an operator in the region) replaces this file and nothing else.
 */
export type ProductOperation = 'provision' | 'update' | 'cancel';

export interface ProductStep {
  key: string;
  label: string;
  seconds: number;
}

export const PRODUCT_STEPS: Record<ProductOperation, ProductStep[]> = {
  provision: [
    { key: 'accept', label: 'Order accepted by the region', seconds: 1 },
    { key: 'network', label: 'Private network and firewall ready', seconds: 2 },
    { key: 'compute', label: 'Instances started', seconds: 3 },
    { key: 'software', label: 'Software installed and configured', seconds: 3 },
    { key: 'credentials', label: 'Credentials issued and endpoint published', seconds: 1 },
  ],
  update: [
    { key: 'resize', label: 'Resources resized for the new plan', seconds: 2 },
    { key: 'rollout', label: 'Instances restarted one by one', seconds: 2 },
    { key: 'verify', label: 'Health checks passed on the new plan', seconds: 1 },
  ],
  cancel: [
    { key: 'snapshot', label: 'Final snapshot kept for 7 days', seconds: 1 },
    { key: 'teardown', label: 'Instances and network released', seconds: 2 },
  ],
};

/** Database-like products take a port of their protocol; the rest answer HTTPS. */
const PORTS: Record<string, number> = {
  postgresql: 5432,
  cache: 6379,
  kafka: 9093,
};

export function productEndpoint(input: { name: string; product: string; region: string }) {
  const region = input.region.split(':').pop();
  return `${input.name}.${input.product}.${region}.alpenkube.cloud:${PORTS[input.product] ?? 443}`;
}

export function productUsername(name: string) {
  return `${name.replace(/-/g, '_')}_admin`;
}

/** What each product reports: a label, a unit and the first plan's typical amount. */
const METRICS: Record<string, [label: string, unit: string, scale: number][]> = {
  postgresql: [
    ['Storage used', 'GB', 20],
    ['Connections', 'open', 40],
    ['Queries', 'per second', 150],
  ],
  cache: [
    ['Memory used', 'GB', 1],
    ['Hit ratio', '%', 0],
    ['Commands', 'per second', 2000],
  ],
  kafka: [
    ['Storage used', 'GB', 300],
    ['Topics', 'topics', 25],
    ['Messages', 'per second', 4000],
  ],
  'object-storage': [
    ['Stored', 'TB', 1],
    ['Egress this month', 'TB', 1],
    ['Requests', 'per second', 300],
  ],
};
const GENERIC: [string, string, number][] = [
  ['Requests', 'per second', 120],
  ['Storage used', 'GB', 50],
  ['Active users', 'users', 40],
];

/** A stable fraction in [0, 1) of an instance, a metric and a day. */
function fraction(...parts: (string | number)[]) {
  const digest = createHash('sha256').update(parts.join('|')).digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * The usage a product reports: the same for an instance on the same day (a page reloaded
 * shows the same figures), growing with the plan. Plans are flat: none of it is billed.
 */
export function productUsage(
  instance: { id: number; product: string; planIndex: number },
  now = new Date(),
) {
  const day = now.toISOString().slice(0, 10);
  const size = instance.planIndex + 1;
  return (METRICS[instance.product] ?? GENERIC).map(([label, unit, scale], index) => {
    const share = 0.25 + 0.6 * fraction(instance.id, label, day);
    if (unit === '%') {
      return { label, unit, value: Math.round(900 + 99 * share) / 10, limit: 100 };
    }
    const limit = scale * size;
    // Amounts of storage read with a decimal; counts and rates are whole.
    const precision = unit === 'GB' || unit === 'TB' ? 10 : 1;
    const value = Math.round(limit * share * precision) / precision;
    // The first figure is what the plan sizes: its limit is shown against it.
    return { label, unit, value, limit: index === 0 ? limit : null };
  });
}
