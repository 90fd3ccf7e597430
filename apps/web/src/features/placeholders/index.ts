export {
  PlaceholderPage,
  ProviderTestPlaceholder,
  ClusterProvisioningPlaceholder,
} from './placeholder-page';
export { placeholderCatalog, type PlaceholderKey } from './placeholder-catalog';
