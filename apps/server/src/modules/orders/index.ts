/** The orders module's public surface: other modules and the app import only this file. */
export { createOrderFulfilment } from './order-fulfilment.ts';
export { createOrderPayments, type OrderPayments } from './order-payment.ts';
export type {
  OrderKindHandler,
  OrderKindHandlers,
  OrderMade,
  OrderMadeReader,
  OrderMadeReaders,
  PaidOrderOutcome,
} from './order-kinds.ts';
export { createOrderService, type OrderService } from './order-service.ts';
export { orderPlacedWith, placeOnce } from './order-replay.ts';
export { insertOrder, type NewOrder, type OrderingGuard } from './order-placement.ts';
export {
  countOrders,
  findOrder,
  findOrders,
  firstOrderPaidAt,
  paidOrderCents,
  paidOrdersBetween,
  lockOrder,
  noteOrder,
  type OrderFilter,
  type OrderRecord,
} from './order-records.ts';
export { sendPlacedOrder } from './order-routes.ts';
export { orderNumber } from './order-states.ts';
export type { ProductOrderConfig } from './schema.ts';
