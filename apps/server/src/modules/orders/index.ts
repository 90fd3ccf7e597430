/** The orders module's public surface: other modules and the app import only this file. */
export { createOrderFulfilment } from './order-fulfilment.ts';
export { createOrderPayments, type OrderPayments } from './order-payment.ts';
export type { OrderKindHandler, OrderKindHandlers, PaidOrderOutcome } from './order-kinds.ts';
export { createOrderService, type OrderService } from './order-service.ts';
export { orderPlacedWith } from './order-replay.ts';
export { orderRoutes, sendPlacedOrder } from './order-routes.ts';
export { placeSupportOrder } from './support-orders.ts';
export { orderNumber } from './order-states.ts';
export {
  addonOfOrder,
  lockAddonOrder,
  noteAddonOrder,
  openAddonOrder,
  placeAddonOrder,
} from './addon-orders.ts';
export {
  openPlanChangeOrder,
  openProductOrderNamed,
  type ProductOrderInput,
} from './product-orders.ts';
