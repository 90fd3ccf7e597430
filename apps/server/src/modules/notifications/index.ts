/** The notifications module's public surface: other modules and the app import only this file. */
export {
  createNotification,
  createNotificationService,
  type NotificationService,
} from './notification-service.ts';
export {
  notifyOrganizationAdmins,
  notifyOrganizationMembers,
  organizationAdmins,
  wantsMail,
  type NoticeMail,
} from './organization-notices.ts';
export { rewordNotifications } from './notification-rewording.ts';
