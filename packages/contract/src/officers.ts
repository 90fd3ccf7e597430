/**
 * The compliance officers' panel: the audit trail, data-subject requests (GDPR art. 15 export
 * and art. 17 erasure) and the data-residency report.
 */
import { z } from 'zod';
import { roleSchema } from './users.ts';
import { timestampSchema } from './common.ts';
import { residencyPolicySchema } from './organization-settings.ts';

/**
 * Every action the platform writes to the audit trail. The filter's dropdown reads this list
 * (a scan of a million rows for their distinct actions would be slow), and a prefix filter
 * (`auth.`) expands to the actions listed under it, so it is answered from the action index.
 */
export const auditActions = [
  'auth.sign_in',
  'auth.sign_out',
  'user.register',
  'user.password_change',
  'user.mfa_enable',
  'user.mfa_disable',
  'user.role_change',
  'user.approve',
  'user.reject',
  'user.disable',
  'user.enable',
  'user.invite',
  'user.remove',
  'user.invitation_revoke',
  'user.officer_grant',
  'user.officer_revoke',
  'promotion.request',
  'promotion.approve',
  'promotion.refuse',
  'organization.approve',
  'organization.suspend',
  'organization.reinstate',
  'organization.mfa_required',
  'organization.residency_policy',
  'organization.domain_set',
  'organization.domain_verify',
  'token.create',
  'token.revoke',
  'order.create',
  'order.cancel',
  'order.pay',
  'invoice.pay',
  'invoice.void',
  'renewal.pay',
  'payment_method.add',
  'payment_method.remove',
  'payment_method.set_default',
  'billing.details_update',
  'billing.credit_grant',
  'billing.credit_code_create',
  'billing.credit_code_revoke',
  'billing.credit_code_redeem',
  'billing.budget.update',
  'billing.budget.remove',
  'cluster.create',
  'cluster.rename',
  'cluster.scale',
  'cluster.autoscale',
  'cluster.pool.labels',
  'cluster.tags',
  'cluster.api_allowlist',
  'cluster.pool.add',
  'cluster.pool.remove',
  'cluster.upgrade',
  'cluster.addon.remove',
  'cluster.node.recycle',
  'cluster.backup',
  'cluster.restore',
  'cluster.delete',
  'cluster.expiry',
  'cluster.sleep_schedule',
  'cluster.maintenance',
  'cluster.wake',
  'cluster.kubeconfig',
  'cluster.credentials.rotate',
  'cluster.volume.create',
  'cluster.volume.delete',
  'cluster.load_balancer.create',
  'cluster.load_balancer.delete',
  'vpc.create',
  'vpc.delete',
  'product.secret.reveal',
  'product.secret.rotate',
  'product.plan.change',
  'product.cancel',
  'gdpr.export',
  'gdpr.erasure',
] as const;
/** The server's recordAudit takes only these: a new action joins the list, or does not compile. */
export type AuditAction = (typeof auditActions)[number];

/** The groups the dropdown offers above the single actions: `auth.` matches every `auth.*`. */
export const auditActionPrefixes = [
  ...new Set(auditActions.map((action) => `${action.slice(0, action.indexOf('.'))}.`)),
];

/** The known actions an action filter stands for; a prefix ends with a dot. */
export function actionsMatching(filter: string): string[] {
  if (!filter.endsWith('.')) return [filter];
  return auditActions.filter((action) => action.startsWith(filter));
}

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_MAX = 200;
/** A CSV export stops here: a larger one should be narrowed by its filter. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,16}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const instant = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Must be a date and time (ISO 8601)');

/** The audit log's filter; every field optional, all of them together narrow (AND). */
export const auditFilterSchema = z.strictObject({
  /** A user id, or a username or e-mail address (exact, case-insensitive). */
  actor: z.string().trim().max(254).optional(),
  /** An organization's id. */
  organization: wholeNumber(2_147_483_647).optional(),
  /** An exact action, or a prefix ending with a dot (`auth.`). */
  action: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_.]*$/, 'An action such as auth.sign_in, or a prefix such as auth.')
    .optional(),
  outcome: z.enum(['success', 'failure']).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
export type AuditFilter = z.input<typeof auditFilterSchema>;

export const auditQuerySchema = auditFilterSchema.extend({
  /** The id of the last event of the previous page. */
  before: wholeNumber(Number.MAX_SAFE_INTEGER).optional(),
  limit: wholeNumber(AUDIT_PAGE_MAX).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: timestampSchema,
  /** After an erasure, the username is the person's pseudonym. */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** Pass as `before` for the next page; null on the last one. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const personSearchSchema = z.strictObject({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(254),
});

export const personSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  status: z.enum(['active', 'pending_approval', 'disabled', 'rejected']),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  erasedAt: timestampSchema.nullable(),
});
export type Person = z.infer<typeof personSchema>;

const reason = z
  .string()
  .trim()
  .min(10, 'Give the reason in at least 10 characters')
  .max(1000, 'At most 1000 characters');

/** The officer's own password, asked again: a borrowed session must not take a person's data. */
const officerPassword = z.string().min(1, 'Enter your password').max(1024);

export const dataExportSchema = z.strictObject({
  userId: z.number().int().positive().max(2_147_483_647),
  reason,
  password: officerPassword,
});
export type DataExportInput = z.input<typeof dataExportSchema>;

export const erasureSchema = z.strictObject({
  userId: z.number().int().positive().max(2_147_483_647),
  reason,
  /** The person's current username, typed again: the second confirmation. */
  confirmation: z.string().trim().min(1, 'Type the username to confirm').max(254),
  password: officerPassword,
});
export type ErasureInput = z.input<typeof erasureSchema>;

export const dataSubjectRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['export', 'erasure']),
  /** The person's username now: their pseudonym once erased. */
  subject: z.object({ id: z.number().int(), username: z.string() }),
  officer: z.object({ id: z.number().int(), username: z.string() }),
  reason: z.string(),
  pseudonym: z.string().nullable(),
  createdAt: timestampSchema,
});
export type DataSubjectRequest = z.infer<typeof dataSubjectRequestSchema>;

export const residencyRowSchema = z.object({
  kind: z.enum(['cluster', 'product']),
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    residencyPolicy: residencyPolicySchema,
  }),
  provider: z.string(),
  region: z.string(),
  city: z.string().nullable(),
  /** ISO 3166-1 alpha-2; null for a region the catalog no longer lists. */
  country: z.string().nullable(),
  /** The catalog's classification: the data stays under EU law or it does not. */
  jurisdiction: z.enum(['eu', 'non_eu', 'unknown']),
  /** Outside the EU (or unknown): what the report flags. */
  outsideEu: z.boolean(),
  /**
   * Outside what the organization's policy allows now: placed before an admin narrowed it (the
   * server refuses new placements), so an officer sees what to move or delete.
   */
  outsidePolicy: z.boolean(),
});
export type ResidencyRow = z.infer<typeof residencyRowSchema>;

export const residencyReportSchema = z.object({
  rows: z.array(residencyRowSchema),
  counts: z.object({ eu: z.number().int(), nonEu: z.number().int(), unknown: z.number().int() }),
  /** Every organization's residency policy, by name. */
  policies: z.array(
    z.object({
      organization: z.object({ id: z.number().int(), name: z.string() }),
      policy: residencyPolicySchema,
      /** Its clusters and products in the report, and those outside its policy. */
      placements: z.number().int(),
      outsidePolicy: z.number().int(),
    }),
  ),
  generatedAt: timestampSchema,
});
export type ResidencyReport = z.infer<typeof residencyReportSchema>;
