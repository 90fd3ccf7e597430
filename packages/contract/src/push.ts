/**
 * What the server pushes over `/ws`: one union, discriminated by `type`. Types only, no zod, so
 * the web app's one socket can import it for free.
 *
 * A new kind of event (a cluster's provisioning progress, an order's status) is a new member
 * here; the web app's socket then hands it to the handler its feature registers for that type.
 */
import type { Notification } from './notifications.ts';
import type { OrderStatus } from './orders.ts';

/** A notification was written for `userId`; only that user's sockets receive it. */
export interface NotificationPushMessage {
  type: 'notification';
  userId: number;
  notification: Notification;
}

/** An order of the organization changed status: every member's order views refresh. */
export interface OrderPushMessage {
  type: 'order';
  organizationId: number;
  orderId: number;
  status: OrderStatus;
}

/** Every message /ws sends. Add `ClusterPushMessage`… as they come. */
export type PushMessage = NotificationPushMessage | OrderPushMessage;

export type PushType = PushMessage['type'];
export type PushMessageOf<T extends PushType> = Extract<PushMessage, { type: T }>;
