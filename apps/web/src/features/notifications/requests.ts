import type { MailPreferences } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { notifications } = endpoints;

export const markNotificationRead = (id: number) =>
  request(notifications.markRead, { params: [id] });

export const markAllNotificationsRead = () => request(notifications.markAllRead);

export const trashNotification = (id: number) => request(notifications.trash, { params: [id] });

export const saveMailPreferences = (body: MailPreferences) =>
  request(notifications.updateMailPreferences, { body });
