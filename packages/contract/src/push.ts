/**
 * What the server pushes over `/ws`: one union, discriminated by `type`. Types only, no zod, so
 * the web app's one socket can import it for free.
 *
 * A new kind of event (a cluster's provisioning progress, an order's status) is a new member
 * here; the web app's socket then hands it to the handler its feature registers for that type.
 */
import type { Notification } from './notifications.ts';
import type { OrderStatus } from './orders.ts';
import type { ClusterEvent, ClusterStatus } from './clusters.ts';
import type { ProductInstanceStatus } from './products.ts';
import type { TicketStatus } from './support.ts';

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

/**
 * A cluster of the organization changed: its status, its operation's progress, and the event
 * that says what happened (null when nothing new was logged). Pages update from it without
 * polling: the event goes into the log, the rest says what to fetch again.
 */
export interface ClusterPushMessage {
  type: 'cluster';
  organizationId: number;
  clusterId: number;
  status: ClusterStatus;
  /** The running operation's progress, 0–100; null when none runs. */
  progress: number | null;
  event: ClusterEvent | null;
}

/** A marketplace product of the organization changed status or its job moved on. */
export interface ProductPushMessage {
  type: 'product';
  organizationId: number;
  productId: number;
  status: ProductInstanceStatus;
  /** The running job's progress, 0–100. */
  progress: number;
  /** What the job just did, in words; null when nothing new happened. */
  step: string | null;
}

/**
 * A support ticket changed (a message, a status, an assignee): its open conversation, the
 * organization's list and the staff queue fetch it again. Internal notes push only to staff.
 */
export interface TicketPushMessage {
  type: 'ticket';
  ticketId: number;
  status: TicketStatus;
}

/** Every message /ws sends. */
export type PushMessage =
  | NotificationPushMessage
  | OrderPushMessage
  | ClusterPushMessage
  | ProductPushMessage
  | TicketPushMessage;

export type PushType = PushMessage['type'];
export type PushMessageOf<T extends PushType> = Extract<PushMessage, { type: T }>;
