export { NotificationBell } from './notification-bell';
export { useNotificationSocket, connectNotificationSocket, socketUrl } from './notification-socket';
export { notificationKeys } from './queries';
