export {
  PlaceholderPage,
  ProviderTestPlaceholder,
  ConfigureClusterPlaceholder,
  ClusterProvisioningPlaceholder,
} from './placeholder-page';
export { placeholderCatalog, type PlaceholderKey } from './placeholder-catalog';
