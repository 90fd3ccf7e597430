import type { NodePool } from '@alpenkube/contract';

/**
 * Labels, taints and tags as text, without the contract's schemas (which would load zod with
 * the page): `key=value`, and a taint as kubectl writes it, `key=value:Effect`.
 */
export const labelText = ([key, value]: [string, string]) => `${key}=${value}`;

export const taintText = (taint: NodePool['taints'][number]) =>
  `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;

/** The lines of a text field, trimmed, without the empty ones. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Tags typed with commas or spaces between them. */
export const tagsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
