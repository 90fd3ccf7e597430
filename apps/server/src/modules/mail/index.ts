/** The mail module's public surface: other modules and the app import only this file. */
export {
  createMailboxTransport,
  registerMailDelivery,
  createSmtpTransport,
  latestMail,
  type MailTransport,
  queueMail,
} from './mail-service.ts';
export { createMailThrottle, type MailThrottle } from './mail-throttle.ts';
