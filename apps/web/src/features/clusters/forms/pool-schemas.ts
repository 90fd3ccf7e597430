import { z } from 'zod';
import { withIssuePaths } from '@/components/ui/use-zod-form';
import { labelsFromText, taintsFromText } from '../shape/shape-schemas';
import {
  addNodePoolSchema,
  updateNodePoolSchema,
  type NodePool,
  type Tier,
} from '@alpenkube/contract';

/** An empty number field holds NaN: a problem only where the field is shown. */
const limit = z.number().or(z.nan());
const nodes = z.number({ error: 'Enter a number of nodes' });

/** The autoscaling part of a pool form: a switch and two limits. */
export interface AutoscaleValues {
  on: boolean;
  autoscaleMin: number;
  autoscaleMax: number;
}

/** While autoscaling is on: both limits given, the maximum not below the minimum. */
function checkAutoscale(
  { on, autoscaleMin, autoscaleMax }: AutoscaleValues,
  context: z.RefinementCtx,
) {
  if (!on) return;
  for (const [name, value] of Object.entries({ autoscaleMin, autoscaleMax })) {
    if (Number.isNaN(value)) {
      context.addIssue({ code: 'custom', path: [name], message: 'Enter a number of nodes' });
    }
  }
  if (autoscaleMin > autoscaleMax) {
    context.addIssue({
      code: 'custom',
      path: ['autoscaleMax'],
      message: 'The maximum cannot be below the minimum',
    });
  }
}

type UpdateBody = z.input<typeof updateNodePoolSchema>;

const autoscaleShape = { on: z.boolean(), autoscaleMin: limit, autoscaleMax: limit };

/** Within the tier's node limit, when the catalog is at hand (the server checks it anyway). */
function withinTier(tier: Tier | undefined) {
  return (count: number) => !tier || count <= tier.maxNodes;
}
const tierLimit = (tier: Tier | undefined) => `${tier?.name} takes at most ${tier?.maxNodes} nodes`;

/** Scaling: the new count, as `PATCH …/node-pools/:poolId` takes it. */
export const scalePoolSchema = (tier: Tier | undefined) =>
  z
    .object({ count: nodes.refine(withinTier(tier), tierLimit(tier)) })
    .transform(({ count }): UpdateBody => ({ count }))
    .pipe(updateNodePoolSchema);

/** Autoscaling on (both limits) or off (both null), as `PATCH …/node-pools/:poolId` takes it. */
export const autoscaleSchema = z
  .object(autoscaleShape)
  .superRefine(checkAutoscale)
  .transform(({ on, autoscaleMin, autoscaleMax }): UpdateBody =>
    on ? { autoscaleMin, autoscaleMax } : { autoscaleMin: null, autoscaleMax: null },
  )
  .pipe(updateNodePoolSchema);

/** A new pool, as `POST …/node-pools` takes it; its name must differ from the others'. */
export const addPoolSchema = (tier: Tier | undefined, pools: readonly Pick<NodePool, 'name'>[]) =>
  z
    .object({
      name: z.string().refine((name) => !pools.some((pool) => pool.name === name), {
        error: (issue) => `Another node pool is already named ${String(issue.input)}`,
      }),
      size: z.string(),
      count: nodes.refine(withinTier(tier), tierLimit(tier)),
      ...autoscaleShape,
      // One `key=value` (labels) or `key=value:Effect` (taints) per line; empty: none.
      labels: z.string().max(20_000),
      taints: z.string().max(5_000),
    })
    .superRefine(checkAutoscale)
    .transform(
      (
        { on, autoscaleMin, autoscaleMax, labels, taints, ...pool },
        context,
      ): z.input<typeof addNodePoolSchema> => {
        const shape = {
          labels: labelsFromText(labels, context),
          taints: taintsFromText(taints, context),
        };
        const withShape = {
          ...pool,
          ...(Object.keys(shape.labels).length ? { labels: shape.labels } : {}),
          ...(shape.taints.length ? { taints: shape.taints } : {}),
        };
        return on ? { ...withShape, autoscaleMin, autoscaleMax } : withShape;
      },
    )
    .pipe(addNodePoolSchema);
/**
 * A refused pool change with its issues under the pool form's own fields: the server checks the
 * whole configuration against the catalog and names a field `nodePools.<index>.count`, the form
 * only `count`.
 */
export const poolFormError = (error: unknown) =>
  withIssuePaths(error, (path) => (path[0] === 'nodePools' ? path.slice(2) : path));
