/** The audit module's public surface: other modules and the app import only this file. */
export { recordUserAudit } from './audit-log.ts';
