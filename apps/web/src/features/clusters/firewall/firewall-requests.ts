import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

/** The control-plane firewall, whole: an empty list opens the Kubernetes API to all. */
export const updateApiAllowlist = (id: number, cidrs: string[]) =>
  request(endpoints.clusters.updateApiAllowlist, { params: [id], body: { cidrs } });
