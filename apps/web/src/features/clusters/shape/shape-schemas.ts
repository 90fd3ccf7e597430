import { z } from 'zod';
import {
  clusterTagsSchema,
  parseTaint,
  updateNodePoolLabelsSchema,
  type NodeTaint,
} from '@alpenkube/contract';
import { linesOf, tagsOf } from './shape-words';

/**
 * The forms' text fields as the API's bodies: one `key=value` per line for labels, one
 * `key=value:Effect` per line for taints, tags with commas or spaces between them. A line the
 * form cannot read is named by its number; the contract's schema then checks each key as the
 * server does, so the messages are the same.
 */
export const poolLabelsFormSchema = z
  .object({ labels: z.string().max(20_000), taints: z.string().max(5_000) })
  .transform(({ labels, taints }, context) => {
    const labelMap: Record<string, string> = {};
    linesOf(labels).forEach((line, index) => {
      const at = line.indexOf('=');
      if (at < 1) {
        context.addIssue({
          code: 'custom',
          path: ['labels'],
          message: `Line ${index + 1}: write a label as key=value`,
        });
        return;
      }
      labelMap[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    });
    const taintList: NodeTaint[] = [];
    linesOf(taints).forEach((line, index) => {
      const taint = parseTaint(line);
      if (!taint) {
        context.addIssue({
          code: 'custom',
          path: ['taints'],
          message: `Line ${index + 1}: write a taint as key=value:Effect, the effect NoSchedule, PreferNoSchedule or NoExecute`,
        });
        return;
      }
      taintList.push(taint);
    });
    return checked(updateNodePoolLabelsSchema, { labels: labelMap, taints: taintList }, context);
  });

export const clusterTagsFormSchema = z
  .object({ tags: z.string().max(2_000) })
  .transform(({ tags }, context) =>
    checked(z.object({ tags: clusterTagsSchema }), { tags: tagsOf(tags) }, context),
  );

/**
 * The body checked by the API's schema, each issue under the text field it came from (`taints`
 * for `taints.2.key`), where the form shows it.
 */
function checked<S extends z.ZodType>(schema: S, body: z.input<S>, context: z.RefinementCtx) {
  const result = schema.safeParse(body);
  if (result.success) return result.data as z.output<S>;
  for (const issue of result.error.issues) {
    context.addIssue({ code: 'custom', path: issue.path.slice(0, 1), message: issue.message });
  }
  return z.NEVER;
}
