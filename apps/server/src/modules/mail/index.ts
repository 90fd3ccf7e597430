/** The mail module's public surface: other modules and the app import only this file. */
export {
  createMailboxTransport,
  createMailDelivery,
  createSmtpTransport,
  latestMail,
  type MailTransport,
  queueMail,
  SEND_MAIL_JOB,
} from './mail-service.ts';
export { createMailThrottle, type MailThrottle } from './mail-throttle.ts';
