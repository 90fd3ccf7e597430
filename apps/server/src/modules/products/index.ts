/** The marketplace products module's public surface: other modules and the app import only this file. */
export { PRODUCT_CATALOG, syncProductCatalog } from './product-catalog.ts';
export { createProductOperations, type ProductOperations } from './product-operations.ts';
export { createProductService, type ProductService } from './product-service.ts';
export type { ProductBillingHooks, ProductOrderHooks } from './product-hooks.ts';
export { productMadeByOrder } from './product-orders.ts';
export { productBriefOf, productForRenewal, productNamesOf } from './product-records.ts';
