import { paths } from '@/config/paths';

/** The provisioning page of one cluster: `/cluster-provisioning?cluster=<id>`. */
export const provisioningPath = (clusterId: number) =>
  `${paths.clusterProvisioning}?cluster=${clusterId}`;
