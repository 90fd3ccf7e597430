import { z } from 'zod';
import type { Catalog } from '@alpenkube/contract/catalog';
import {
  catalogIssues,
  clusterConfigShapeSchema,
  dnsLabelSchema,
} from '@alpenkube/contract/cluster-config';
import type { CreateClusterOrder } from '@alpenkube/contract/orders';
import { clusterTagsSchema } from '@alpenkube/contract/node-shape';
import {
  PREVIEW_MAX_HOURS,
  PREVIEW_MIN_HOURS,
  PREVIEW_TIERS,
  type ClusterConfig,
} from '@alpenkube/contract/pricing';

/** The wizard's answers: a cluster order's configuration, its name and the promo code typed. */
export type WizardValues = ClusterConfig & {
  name: string;
  promoCode: string;
  /** A Dev/Test preview cluster's life in hours, as typed; empty: no expiry. */
  expiresInHours?: string;
  /** Tags for cost allocation, as typed: commas or spaces between them. */
  tags?: string;
  /** The chosen VPC's id as the select holds it; empty: the region's default network. */
  vpc?: string;
};

/** The tags typed, one per word between commas or spaces. */
const tagsTyped = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);

/** A number field left empty or unreadable holds NaN; this says so before the contract's rules. */
const wholeNumber = z
  .number({ error: 'Enter a whole number' })
  .int({ error: 'Enter a whole number' });

const numbersFirst = z.looseObject({
  nodePools: z.array(
    z.looseObject({
      count: wholeNumber,
      autoscaleMin: wholeNumber.optional(),
      autoscaleMax: wholeNumber.optional(),
    }),
  ),
});

/**
 * Everything the server checks, with its messages: the contract's shape of a cluster order
 * (`clusterOrderConfigSchema`: the configuration and its name, built here from the same parts so
 * the orders module's schemas stay out of the wizard's first load) and every check against the
 * catalog (`catalogIssues`), each under the field it names.
 */
export function wizardSchema(catalog: Catalog): z.ZodType<WizardValues, WizardValues> {
  const schema = numbersFirst.pipe(
    clusterConfigShapeSchema
      .extend({
        // Empty, it needs a name, not the DNS label's rules; typed, the rules as the server says them.
        name: z.string().min(1, 'Give the cluster a name').pipe(dnsLabelSchema),
        promoCode: z.string().trim().max(64),
        expiresInHours: z
          .string()
          .trim()
          .refine((typed) => {
            if (typed === '') return true;
            const hours = Number(typed);
            return (
              Number.isInteger(hours) && hours >= PREVIEW_MIN_HOURS && hours <= PREVIEW_MAX_HOURS
            );
          }, `Whole hours from ${PREVIEW_MIN_HOURS} to ${PREVIEW_MAX_HOURS} (30 days), or empty`)
          .optional(),
        vpc: z.string().optional(),
        tags: z
          .string()
          .max(2_000)
          .superRefine((typed, context) => {
            const checked = clusterTagsSchema.safeParse(tagsTyped(typed));
            if (!checked.success) {
              context.addIssue({ code: 'custom', message: checked.error.issues[0]!.message });
            }
          })
          .optional(),
      })
      .superRefine((values, context) => {
        for (const issue of catalogIssues(values, catalog)) {
          context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      }),
  );
  // The first stage only reads the numbers: the form's values are the answers, in and out.
  return schema as unknown as z.ZodType<WizardValues, WizardValues>;
}

/** The configuration the price engine takes, without the order's own fields. */
export function configOf({
  name: _name,
  promoCode: _promo,
  expiresInHours: _expiry,
  tags: _tags,
  vpc: _vpc,
  ...config
}: WizardValues): ClusterConfig {
  return config;
}

/** Whether the engine can price these answers: the shape holds and the catalog accepts them. */
export function isPriceable(values: WizardValues, catalog: Catalog): boolean {
  const config = clusterConfigShapeSchema.safeParse(configOf(values));
  return config.success && catalogIssues(config.data, catalog).length === 0;
}

/** `POST /api/orders`'s body: the billing cycle beside the cluster, the promo code only if typed. */
export function orderBody(values: WizardValues): CreateClusterOrder {
  const { billingCycle, promoCode, expiresInHours, tags: typedTags, vpc, ...cluster } = values;
  const tags = [...new Set(tagsTyped(typedTags).map((tag) => tag.toLowerCase()))].sort();
  const expiry = PREVIEW_TIERS.includes(cluster.tier) ? (expiresInHours ?? '').trim() : '';
  const pools = cluster.nodePools.map((pool) =>
    pool.autoscaleMin === undefined || pool.autoscaleMax === undefined
      ? { name: pool.name, size: pool.size, count: pool.count }
      : pool,
  );
  const code = promoCode.trim();
  return {
    kind: 'cluster',
    cluster: {
      ...cluster,
      nodePools: pools,
      ...(expiry ? { expiresInHours: Number(expiry) } : {}),
      ...(tags.length ? { tags } : {}),
      ...(vpc ? { vpcId: Number(vpc) } : {}),
    },
    billingCycle,
    ...(code ? { promoCode: code } : {}),
  };
}

/** One text per order body whatever the order of its keys: what "the same order" means here. */
export function fingerprintOf(body: CreateClusterOrder): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : value,
  );
}
