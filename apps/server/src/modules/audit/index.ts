/** The audit module's public surface: other modules and the app import only this file. */
export { recordAudit, recordUserAudit } from './audit-log.ts';
export { auditEventsFor, listAuditEvents, type AuditFilterValues } from './audit-query.ts';
export { createOrganizationActivity, type OrganizationActivity } from './organization-activity.ts';
