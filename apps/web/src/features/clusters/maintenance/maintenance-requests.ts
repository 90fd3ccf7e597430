import type { UpdateMaintenance } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

/** The cluster's maintenance window and its auto-upgrade switch, whole. */
export const updateMaintenance = (id: number, body: UpdateMaintenance) =>
  request(endpoints.clusters.updateMaintenance, { params: [id], body });
