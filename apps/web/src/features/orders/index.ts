export { OpenOrders } from './components/open-orders';
export { useOrderPushes, handleOrderPush } from './order-push';
export { orderKeys } from '@/lib/order-cache';
