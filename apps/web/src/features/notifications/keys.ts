/** Query keys of the notification list and unread count (GET paths, for the default fetcher). */
export const notificationKeys = {
  list: ['/api/notifications'] as const,
  count: ['/api/notifications/count'] as const,
};
