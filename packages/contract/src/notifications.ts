import { z } from 'zod';
import { timestampSchema } from './common.ts';

export const notificationTypes = ['success', 'warning', 'error', 'system', 'info'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  message: z.string(),
  timestamp: timestampSchema,
  read: z.boolean(),
  trash: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({ count: z.number().int() });

/** What /ws sends to a user's sockets when a notification is written for them. */
export const notificationPushSchema = z.object({
  type: z.literal('notification'),
  userId: z.number().int(),
  notification: notificationSchema,
});
export type NotificationPush = z.infer<typeof notificationPushSchema>;
