import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';

/** Query keys of the notification list and unread count (GET paths, for the default fetcher). */
export const notificationKeys = {
  list: queryKeyOf(endpoints.notifications.list),
  count: queryKeyOf(endpoints.notifications.count),
  mailPreferences: queryKeyOf(endpoints.notifications.mailPreferences),
};
