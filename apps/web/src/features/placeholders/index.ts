export { PlaceholderPage } from './placeholder-page';
export { placeholderCatalog, type PlaceholderKey } from './placeholder-catalog';
