/**
 * The marketplace's shelves, zod-free so that the catalog page's filter does not load the
 * schemas.
 */
export const productCategories = [
  'Databases',
  'Messaging',
  'Storage',
  'Developer tools',
  'Security',
  'Observability',
  'AI',
] as const;
export type ProductCategory = (typeof productCategories)[number];
