/** The add-ons module's public surface: other modules and the app import only this file. */
export { createAddonService, type AddonService } from './addon-service.ts';
export { settleAddonOrder } from './addon-orders.ts';
