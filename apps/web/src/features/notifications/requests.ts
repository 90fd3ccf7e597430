import { apiRequest } from '@/lib/http';

export const markNotificationRead = (id: number) =>
  apiRequest('PUT', `/api/notifications/${id}/read`);

export const markAllNotificationsRead = () =>
  apiRequest('POST', '/api/notifications/mark-all-read');

export const trashNotification = (id: number) =>
  apiRequest('PUT', `/api/notifications/${id}/trash`);
