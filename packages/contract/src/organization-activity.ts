import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { auditEventSchema, auditFilterSchema, auditQuerySchema } from './officers.ts';

/**
 * An organization's own activity log: the audit trail's events of that organization, as its
 * admins see them (who changed which cluster, order, token or member, when and from where).
 */

/**
 * Events of the organization its admins do not see: the platform's own work on its people
 * (data-subject requests answered by an officer, officer access) and on credit codes.
 */
export const staffOnlyAuditActions = [
  'gdpr.export',
  'gdpr.erasure',
  'user.officer_grant',
  'user.officer_revoke',
  'billing.credit_code_create',
  'billing.credit_code_revoke',
] as const;

/** The name a platform operator's or officer's action carries in an organization's log. */
export const STAFF_ACTOR = 'Alpenkube staff';

/** The officers' filter without its organization: a super admin names one as `organizationId`. */
export const activityFilterSchema = auditFilterSchema.omit({ organization: true }).extend({
  organizationId: auditFilterSchema.shape.organization,
});
export type ActivityFilter = z.input<typeof activityFilterSchema>;

export const activityQuerySchema = activityFilterSchema.extend({
  before: auditQuerySchema.shape.before,
  limit: auditQuerySchema.shape.limit,
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityEventSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  /**
   * Who did it: a member's username (an erased person's pseudonym), STAFF_ACTOR for platform
   * staff, "Deleted account" for a person removed since, null for the platform's own jobs.
   */
  actor: z.string().nullable(),
  /** Platform staff: their name, address and browser are not shown to the organization. */
  staff: z.boolean(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: auditEventSchema.shape.outcome,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: auditEventSchema.shape.details,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityPageSchema = z.object({
  events: z.array(activityEventSchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
