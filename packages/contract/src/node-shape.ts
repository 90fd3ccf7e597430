import { z } from 'zod';

/**
 * The shape of a cluster's nodes: Kubernetes labels and taints per node pool, checked as the
 * Kubernetes API server checks them (`IsQualifiedName`, `IsValidLabelValue`), and tags on
 * clusters for cost allocation. Each refusal names the key or tag at fault.
 */

/**
 * Keys under these prefixes belong to Kubernetes and the platform (`alpenkube.io/node-pool`,
 * `alpenkube.io/provider`): the provider sets them.
 */
export const RESERVED_LABEL_PREFIXES = ['kubernetes.io/', 'k8s.io/', 'alpenkube.io/'] as const;
export const MAX_NODE_LABELS = 50;
export const MAX_NODE_TAINTS = 20;
export const nodeTaintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export type NodeTaintEffect = (typeof nodeTaintEffects)[number];

const NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

const reservedPrefix = (prefix: string) =>
  RESERVED_LABEL_PREFIXES.find(
    (reserved) => prefix === reserved.slice(0, -1) || prefix.endsWith(`.${reserved.slice(0, -1)}`),
  );

/**
 * What is wrong with a label (or taint) key, or null: an optional DNS-subdomain prefix of at
 * most 253 characters and a slash, then a name of at most 63 characters of letters, digits,
 * `-`, `_` and `.`, starting and ending with a letter or digit. `kubernetes.io/` and `k8s.io/`
 * (and their subdomains) are refused, as DigitalOcean Kubernetes refuses them, and the
 * platform's own `alpenkube.io/`.
 */
export function labelKeyIssue(key: string, what = 'Label'): string | null {
  const parts = key.split('/');
  if (parts.length > 2) return `${what} key ${key} has more than one /`;
  const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0]!];
  if (prefix !== undefined) {
    if (!prefix || prefix.length > 253 || !DNS_SUBDOMAIN.test(prefix)) {
      return `${what} key ${key}: the prefix before / must be a DNS subdomain (lowercase letters, digits, - and ., at most 253 characters)`;
    }
    const reserved = reservedPrefix(prefix);
    if (reserved) return `${what} key ${key} uses the reserved prefix ${reserved}`;
  }
  if (!name) return `${what} key ${key || '(empty)'} needs a name`;
  if (name.length > 63) return `${what} key ${key}: the name is longer than 63 characters`;
  if (!NAME.test(name)) {
    return `${what} key ${key}: the name takes letters, digits, -, _ and ., starting and ending with a letter or digit`;
  }
  return null;
}

/** What is wrong with a label (or taint) value, or null: empty, or a name of at most 63. */
export function labelValueIssue(key: string, value: string, what = 'Label'): string | null {
  if (value === '') return null;
  if (value.length > 63) return `${what} ${key}: the value is longer than 63 characters`;
  if (!NAME.test(value)) {
    return `${what} ${key}: the value takes letters, digits, -, _ and ., starting and ending with a letter or digit`;
  }
  return null;
}

/** A pool's labels, key to value, as every node of the pool carries them. */
export const nodeLabelsSchema = z
  .record(z.string().max(317), z.string().max(63, 'A label value has at most 63 characters'))
  .superRefine((labels, context) => {
    const entries = Object.entries(labels);
    if (entries.length > MAX_NODE_LABELS) {
      context.addIssue({ code: 'custom', message: `At most ${MAX_NODE_LABELS} labels` });
    }
    for (const [key, value] of entries) {
      const issue = labelKeyIssue(key) ?? labelValueIssue(key, value);
      if (issue) context.addIssue({ code: 'custom', message: issue });
    }
  });
export type NodeLabels = z.infer<typeof nodeLabelsSchema>;

export const nodeTaintSchema = z
  .strictObject({
    key: z.string().max(317),
    value: z.string().max(63, 'A taint value has at most 63 characters').default(''),
    effect: z.enum(nodeTaintEffects, {
      error: 'A taint effect is NoSchedule, PreferNoSchedule or NoExecute',
    }),
  })
  .superRefine((taint, context) => {
    const issue =
      labelKeyIssue(taint.key, 'Taint') ?? labelValueIssue(taint.key, taint.value, 'Taint');
    if (issue) context.addIssue({ code: 'custom', path: ['key'], message: issue });
  });
export type NodeTaint = z.infer<typeof nodeTaintSchema>;

/** A pool's taints: one per key and effect, as Kubernetes keeps them. */
export const nodeTaintsSchema = z
  .array(nodeTaintSchema)
  .max(MAX_NODE_TAINTS, `At most ${MAX_NODE_TAINTS} taints`)
  .superRefine((taints, context) => {
    const seen = new Set<string>();
    taints.forEach((taint, index) => {
      const id = `${taint.key}:${taint.effect}`;
      if (seen.has(id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: `Taint ${taint.key} with effect ${taint.effect} is given twice`,
        });
      }
      seen.add(id);
    });
  });

/** `PUT /api/clusters/:id/node-pools/:poolId/labels`: the pool's labels and taints, whole. */
export const updateNodePoolLabelsSchema = z.strictObject({
  labels: nodeLabelsSchema,
  taints: nodeTaintsSchema,
});
export type UpdateNodePoolLabels = z.input<typeof updateNodePoolLabelsSchema>;

/** A taint as kubectl writes it: `key=value:Effect`, or `key:Effect` without a value. */
export const formatTaint = (taint: NodeTaint) =>
  `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;

/** Reads `key=value:Effect` (the web's text field); null when it is not that shape. */
export function parseTaint(text: string): NodeTaint | null {
  const match = /^([^=:\s]+)(?:=([^:\s]*))?:(\S+)$/.exec(text.trim());
  if (!match) return null;
  const effect = nodeTaintEffects.find((candidate) => candidate === match[3]);
  if (!effect) return null;
  return { key: match[1]!, value: match[2] ?? '', effect };
}

/** The most tags a cluster carries, and a tag's longest form. */
export const MAX_CLUSTER_TAGS = 20;
export const CLUSTER_TAG_MAX_LENGTH = 32;

/**
 * A cluster's tag, for cost allocation: lowercase letters, digits, `-`, `_` and `:` (as
 * DigitalOcean's tags, lowercased), starting with a letter or digit, at most 32 characters.
 */
export const clusterTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag cannot be empty')
  .max(CLUSTER_TAG_MAX_LENGTH, `A tag has at most ${CLUSTER_TAG_MAX_LENGTH} characters`)
  .superRefine((tag, context) => {
    if (!/^[a-z0-9][a-z0-9:_-]*$/.test(tag)) {
      context.addIssue({
        code: 'custom',
        message: `Tag ${tag}: lowercase letters, digits, -, _ and :, starting with a letter or digit`,
      });
    }
  });

export const clusterTagsSchema = z
  .array(clusterTagSchema)
  .max(MAX_CLUSTER_TAGS, `At most ${MAX_CLUSTER_TAGS} tags`)
  .overwrite((tags) => [...new Set(tags)].sort());

/** `PUT /api/clusters/:id/tags`: the cluster's tags, whole. */
export const updateClusterTagsSchema = z.strictObject({ tags: clusterTagsSchema });
export type UpdateClusterTags = z.input<typeof updateClusterTagsSchema>;
