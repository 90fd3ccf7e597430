/** The high-availability module's public surface: other modules and the app import only this file. */
export { createHaService, type HaService } from './ha-service.ts';
export { settleHaOrder } from './ha-orders.ts';
