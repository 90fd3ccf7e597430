import { z } from 'zod';
import {
  clusterTagsSchema,
  nodeLabelsSchema,
  nodeTaintsSchema,
  parseTaint,
  type NodeLabels,
  type NodeTaint,
} from '@alpenkube/contract';
import { linesOf, tagsOf } from './shape-words';

/**
 * The forms' text fields as the API's bodies: one `key=value` per line for labels, one
 * `key=value:Effect` per line for taints, tags with commas or spaces between them. A line the
 * form cannot read is named by its number; the contract's schemas then check each key as the
 * server does, so the messages are the same, each under the text field it came from.
 */

/** The labels of a text field, checked; issues under `labels`. */
export function labelsFromText(text: string, context: z.RefinementCtx): NodeLabels {
  const labels: NodeLabels = {};
  linesOf(text).forEach((line, index) => {
    const at = line.indexOf('=');
    if (at < 1) {
      context.addIssue({
        code: 'custom',
        path: ['labels'],
        message: `Line ${index + 1}: write a label as key=value`,
      });
      return;
    }
    labels[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  });
  return checked(nodeLabelsSchema, labels, 'labels', context) ?? {};
}

/** The taints of a text field, checked; issues under `taints`. */
export function taintsFromText(text: string, context: z.RefinementCtx): NodeTaint[] {
  const taints: NodeTaint[] = [];
  linesOf(text).forEach((line, index) => {
    const taint = parseTaint(line);
    if (!taint) {
      context.addIssue({
        code: 'custom',
        path: ['taints'],
        message: `Line ${index + 1}: write a taint as key=value:Effect, the effect NoSchedule, PreferNoSchedule or NoExecute`,
      });
      return;
    }
    taints.push(taint);
  });
  return checked(nodeTaintsSchema, taints, 'taints', context) ?? [];
}

/** The pool's labels and taints, as `PUT …/node-pools/:poolId/labels` takes them. */
export const poolLabelsFormSchema = z
  .object({ labels: z.string().max(20_000), taints: z.string().max(5_000) })
  .transform(({ labels, taints }, context) => ({
    labels: labelsFromText(labels, context),
    taints: taintsFromText(taints, context),
  }));

export const clusterTagsFormSchema = z
  .object({ tags: z.string().max(2_000) })
  .transform(({ tags }, context) => ({
    tags: checked(clusterTagsSchema, tagsOf(tags), 'tags', context) ?? [],
  }));

/** The value checked by the API's schema, each of its issues under the form's `field`. */
function checked<S extends z.ZodType>(
  schema: S,
  value: z.input<S>,
  field: string,
  context: z.RefinementCtx,
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    context.addIssue({ code: 'custom', path: [field], message: issue.message });
  }
  return undefined;
}
