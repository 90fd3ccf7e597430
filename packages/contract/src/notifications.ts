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

/**
 * What a person may choose to hear of by mail as well as in the app. Mails about their account's
 * security, payments that failed and a suspension are always sent: they need acting on.
 */
export const mailCategories = ['cluster', 'invoice', 'budget', 'ticket', 'maintenance'] as const;
export type MailCategory = (typeof mailCategories)[number];

/** `GET`/`PUT /api/user/mail-preferences`: each category on (mailed) or off (in the app only). */
export const mailPreferencesSchema = z.strictObject({
  cluster: z.boolean(),
  invoice: z.boolean(),
  budget: z.boolean(),
  ticket: z.boolean(),
  maintenance: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;
