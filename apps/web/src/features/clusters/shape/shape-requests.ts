import { endpoints, type BodyOf } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { clusters } = endpoints;

/** A pool's labels and taints, whole: its nodes carry them at once. */
export const updateNodePoolLabels = (
  id: number,
  poolId: number,
  body: BodyOf<typeof clusters.updateNodePoolLabels>,
) => request(clusters.updateNodePoolLabels, { params: [id, poolId], body });

/** The cluster's tags, whole. */
export const updateClusterTags = (id: number, tags: string[]) =>
  request(clusters.updateTags, { params: [id], body: { tags } });
