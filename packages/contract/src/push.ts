/**
 * What the server pushes over `/ws`: one union, discriminated by `type`. Types only, no zod, so
 * the web app's one socket can import it for free.
 *
 * A new kind of event (a cluster's provisioning progress, an order's status) is a new member
 * here; the web app's socket then hands it to the handler its feature registers for that type.
 */
import type { Notification } from './notifications.ts';

/** A notification was written for `userId`; only that user's sockets receive it. */
export interface NotificationPushMessage {
  type: 'notification';
  userId: number;
  notification: Notification;
}

/** Every message /ws sends. Add `ClusterPushMessage`, `OrderPushMessage`… as they come. */
export type PushMessage = NotificationPushMessage;

export type PushType = PushMessage['type'];
export type PushMessageOf<T extends PushType> = Extract<PushMessage, { type: T }>;
