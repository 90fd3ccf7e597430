import { z } from 'zod';
import type { Catalog } from './catalog.ts';
import type { ClusterConfig } from './pricing.ts';
import { nodeLabelsSchema, nodeTaintsSchema } from './node-shape.ts';

const name = z.string().trim().min(1).max(64);

/** The most node pools one cluster has. */
export const MAX_NODE_POOLS = 10;

/** A Kubernetes object name: a DNS label. */
export const dnsLabelSchema = z
  .string()
  .min(1)
  .max(63)
  .regex(
    /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/,
    'Lowercase letters, digits and hyphens, starting and ending with a letter or digit',
  );

export const nodePoolConfigSchema = z
  .strictObject({
    name: dnsLabelSchema,
    size: name,
    count: z.number().int().min(1).max(1000),
    autoscaleMin: z.number().int().min(0).max(1000).optional(),
    autoscaleMax: z.number().int().min(1).max(1000).optional(),
    /** Kubernetes labels and taints every node of the pool carries. */
    labels: nodeLabelsSchema.optional(),
    taints: nodeTaintsSchema.optional(),
  })
  .superRefine((pool, context) => {
    if ((pool.autoscaleMin === undefined) !== (pool.autoscaleMax === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [pool.autoscaleMin === undefined ? 'autoscaleMin' : 'autoscaleMax'],
        message: 'Give both the autoscaling minimum and maximum, or neither',
      });
    }
  });

/**
 * The shape of a cluster configuration, without the catalog: what an API route can check before
 * it reads the catalog. `clusterConfigSchema(catalog)` adds every check that needs the catalog.
 */
export const clusterConfigShapeSchema = z.strictObject({
  tier: name,
  provider: name,
  region: name,
  kubernetesVersion: name,
  nodePools: z
    .array(nodePoolConfigSchema)
    .min(1, 'A cluster needs at least one node pool')
    .max(MAX_NODE_POOLS)
    .superRefine((pools, context) => {
      const seen = new Set<string>();
      pools.forEach((pool, index) => {
        if (seen.has(pool.name)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: `Another node pool is already named ${pool.name}`,
          });
        }
        seen.add(pool.name);
      });
    }),
  haControlPlane: z.boolean(),
  addons: z.array(name).max(20),
  supportPlan: name,
  billingCycle: z.enum(['monthly', 'yearly']),
}) satisfies z.ZodType<ClusterConfig>;

type Issue = { path: (string | number)[]; message: string };

/**
 * Every check of a configuration against the catalog, each naming the field it is about: the
 * server answers them as a 400 and the browser's forms show the same messages next to the field.
 */
export function catalogIssues(config: ClusterConfig, catalog: Catalog): Issue[] {
  const issues: Issue[] = [];
  const tier = catalog.tiers.find((candidate) => candidate.slug === config.tier);
  if (!tier) issues.push({ path: ['tier'], message: `There is no tier ${config.tier}` });

  const provider = catalog.providers.find((candidate) => candidate.slug === config.provider);
  if (!provider) {
    issues.push({ path: ['provider'], message: `There is no provider ${config.provider}` });
  } else if (!provider.regions.some((region) => region.code === config.region)) {
    issues.push({
      path: ['region'],
      message: `${config.region} is not a region of ${provider.name}`,
    });
  }

  if (!catalog.kubernetesVersions.some((version) => version.minor === config.kubernetesVersion)) {
    issues.push({
      path: ['kubernetesVersion'],
      message: `Kubernetes ${config.kubernetesVersion} is not supported (supported: ${catalog.kubernetesVersions
        .map((version) => version.minor)
        .join(', ')})`,
    });
  }

  if (!catalog.supportPlans.some((plan) => plan.slug === config.supportPlan)) {
    issues.push({
      path: ['supportPlan'],
      message: `There is no support plan ${config.supportPlan}`,
    });
  }

  const gpuTiers = catalog.tiers.filter((candidate) => candidate.nodeSizes.some((s) => s.gpu));
  const isGpuSize = (size: string) =>
    gpuTiers.some((candidate) =>
      candidate.nodeSizes.some((option) => option.name === size && option.gpu),
    );

  config.nodePools.forEach((pool, index) => {
    const at = (field: string) => ['nodePools', index, field];
    if (tier && !tier.nodeSizes.some((size) => size.name === pool.size)) {
      issues.push({
        path: at('size'),
        message: isGpuSize(pool.size)
          ? `GPU node sizes are only available on the ${gpuTiers.map((t) => t.name).join(', ')} tier`
          : `${tier.name} has no node size ${pool.size} (it offers ${tier.nodeSizes
              .map((size) => size.name)
              .join(', ')})`,
      });
    }
    if (tier && pool.count > tier.maxNodes) {
      issues.push({
        path: at('count'),
        message: `${tier.name} takes at most ${tier.maxNodes} nodes`,
      });
    }
    if (pool.autoscaleMin !== undefined && pool.autoscaleMin > pool.count) {
      issues.push({
        path: at('autoscaleMin'),
        message: `The autoscaling minimum (${pool.autoscaleMin}) is above the node count (${pool.count})`,
      });
    }
    if (pool.autoscaleMax !== undefined && pool.count > pool.autoscaleMax) {
      issues.push({
        path: at('autoscaleMax'),
        message: `The autoscaling maximum (${pool.autoscaleMax}) is below the node count (${pool.count})`,
      });
    }
    if (tier && pool.autoscaleMax !== undefined && pool.autoscaleMax > tier.maxNodes) {
      issues.push({
        path: at('autoscaleMax'),
        message: `${tier.name} takes at most ${tier.maxNodes} nodes`,
      });
    }
  });

  if (tier) {
    const total = config.nodePools.reduce((sum, pool) => sum + pool.count, 0);
    if (total < tier.minNodes || total > tier.maxNodes) {
      // One pool: the count is the field to fix; several: their sum is.
      issues.push({
        path: config.nodePools.length === 1 ? ['nodePools', 0, 'count'] : ['nodePools'],
        message: `${tier.name} takes ${tier.minNodes} to ${tier.maxNodes} nodes in all, not ${total}`,
      });
    }
    if (config.haControlPlane && tier.haControlPlanePriceMonthly === null) {
      issues.push({
        path: ['haControlPlane'],
        message: `${tier.name} has no high-availability control plane`,
      });
    }
    // A tier whose price includes the HA control plane sells only that: it is what it promises.
    if (!config.haControlPlane && tier.haControlPlanePriceMonthly === 0) {
      issues.push({
        path: ['haControlPlane'],
        message: `${tier.name} always runs a high-availability control plane over three zones: turn it on`,
      });
    }
  }

  const chosen = new Set<string>();
  config.addons.forEach((slug, index) => {
    const addon = catalog.addons.find((candidate) => candidate.slug === slug);
    if (!addon) {
      issues.push({ path: ['addons', index], message: `There is no add-on ${slug}` });
    } else if (chosen.has(slug)) {
      issues.push({ path: ['addons', index], message: `${addon.name} is chosen twice` });
    } else if (tier && !addon.compatibleTiers.includes(tier.slug)) {
      issues.push({
        path: ['addons', index],
        message: `${addon.name} is not available on ${tier.name}`,
      });
    }
    chosen.add(slug);
  });
  return issues;
}

/** The configuration checked in full: its shape, then everything the catalog decides. */
export function clusterConfigSchema(catalog: Catalog) {
  return clusterConfigShapeSchema.superRefine((config, context) => {
    for (const issue of catalogIssues(config, catalog)) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });
}

export const priceLineSchema = z.object({
  kind: z.enum(['control_plane', 'ha_control_plane', 'nodes', 'addon', 'support', 'product']),
  ref: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  unitMonthly: z.number().int(),
  unitYearly: z.number().int(),
  monthly: z.number().int(),
  yearly: z.number().int(),
});

/** What `priceCluster` answers, as the API sends it: minor units of USD. */
export const quoteSchema = z.object({
  currency: z.literal('USD'),
  billingCycle: z.enum(['monthly', 'yearly']),
  regionFactorBasisPoints: z.number().int(),
  lines: z.array(priceLineSchema),
  monthly: z.number().int(),
  yearly: z.number().int(),
  yearlyDiscountPercent: z.number().int(),
  total: z.number().int(),
  hourly: z.object({ trialDays: z.number().int(), hourMillicents: z.number().int() }).nullable(),
});
