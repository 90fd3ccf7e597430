export { NotificationBell } from './notification-bell';
export { useNotificationPushes, handleNotificationPush } from './notification-push';
export { notificationKeys } from './queries';
export { MailPreferencesSection } from './mail-preferences-section';
