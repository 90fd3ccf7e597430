/** The networks module's public surface: other modules and the app import only this file. */
export {
  createVpcService,
  vpcForNewCluster,
  vpcRefusal,
  vpcsByIds,
  type ClustersInVpcs,
  type VpcService,
} from './vpc-service.ts';
