import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { assignableRoles } from './permissions.ts';
import { emailSchema, roleSchema } from './users.ts';

/**
 * An organization's people as its admins manage them (`/api/admin/…`), invitations to join it,
 * and a member's request to become an admin. A super admin sees every organization; each list
 * then takes an optional `organizationId`.
 */

export const memberStatuses = ['active', 'pending_approval', 'disabled', 'rejected'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const MEMBER_PAGE_SIZE = 50;
export const MEMBER_PAGE_MAX = 200;
export const INVITATION_DAYS = 7;
export const PROMOTION_REASON_MIN = 10;
export const PROMOTION_REASON_MAX = 1000;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, 'Must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const organizationFilter = wholeNumber(2_147_483_647).optional();

/** One person of an organization, as the people pages list them. */
export const memberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(memberStatuses),
  /** Why the account is rejected or disabled. */
  statusReason: z.string().nullable(),
  mfaEnabled: z.boolean(),
  lastLoginAt: timestampSchema.nullable(),
  officerAccess: z.boolean(),
  createdAt: timestampSchema,
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * Newest first, a page at a time (as orders): a full page may have more after it, asked for with
 * `before` set to the last person's id. `q` searches username, name and e-mail.
 */
export const memberListQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  status: z.enum(memberStatuses).optional(),
  organizationId: organizationFilter,
  limit: wholeNumber(MEMBER_PAGE_MAX).optional(),
  before: wholeNumber(2_147_483_647).optional(),
});
export interface MemberListQuery {
  q?: string;
  status?: MemberStatus;
  organizationId?: number;
  limit?: number;
  before?: number;
}

/** Only a super admin's `organizationId` is read; an admin always works in their own. */
export const organizationScopeQuerySchema = z.strictObject({ organizationId: organizationFilter });
export interface OrganizationScopeQuery {
  organizationId?: number;
}

const reasonText = (what: string) =>
  z
    .string()
    .trim()
    .min(3, `Give a reason for the ${what} (at least 3 characters)`)
    .max(500, 'At most 500 characters');

export const rejectRegistrationSchema = z.strictObject({ reason: reasonText('rejection') });
export const disableMemberSchema = z.strictObject({ reason: reasonText('change') });
export const changeRoleSchema = z.strictObject({ role: z.enum(assignableRoles) });

/** What became of a removed person: deleted, or switched off when records still name them. */
export const removalSchema = z.object({
  outcome: z.enum(['deleted', 'disabled']),
  message: z.string(),
});
export type Removal = z.infer<typeof removalSchema>;

export const inviteSchema = z.strictObject({
  email: emailSchema,
  role: z.enum(assignableRoles),
  /** A super admin may invite into another organization; an admin's own is used otherwise. */
  organizationId: z.number().int().positive().optional(),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invitedBy: z.string().nullable(),
  expiresAt: timestampSchema,
  createdAt: timestampSchema,
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the registration page shows of an invitation link (public: anyone with the link). */
/**
 * What the invitation link shows once opened: who invited and to which organization. The mail
 * itself carries neither (text the inviter chose, sent to an address nobody proved yet).
 */
export const invitationLookupSchema = z.object({
  organizationName: z.string(),
  /** The inviter's name (or username); null once their account is gone. */
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: z.enum(assignableRoles),
  expiresAt: timestampSchema,
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const invitationTokenParamsSchema = z.strictObject({
  token: z.string().trim().min(20).max(200),
});

export const mfaRequirementSchema = z.strictObject({
  required: z.boolean(),
  /** A super admin may set another organization's; an admin sets their own. */
  organizationId: z.number().int().positive().optional(),
});
export type MfaRequirementInput = z.input<typeof mfaRequirementSchema>;

/** The badges of the people pages and the organization's two-factor setting. */
export const membersSummarySchema = z.object({
  pendingRegistrations: z.number().int(),
  pendingPromotions: z.number().int(),
  pendingInvitations: z.number().int(),
  /** The scoped organization's setting; null for a super admin looking at every organization. */
  mfaRequired: z.boolean().nullable(),
  organizationName: z.string().nullable(),
});
export type MembersSummary = z.infer<typeof membersSummarySchema>;

export const promotionStatuses = ['pending', 'approved', 'refused'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

export const promotionRequestInputSchema = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(
      PROMOTION_REASON_MIN,
      `Tell your admins why, in at least ${PROMOTION_REASON_MIN} characters`,
    )
    .max(PROMOTION_REASON_MAX, `At most ${PROMOTION_REASON_MAX} characters`),
});
export type PromotionRequestInput = z.input<typeof promotionRequestInputSchema>;

export const promotionRequestSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  reason: z.string(),
  status: z.enum(promotionStatuses),
  decidedBy: z.string().nullable(),
  decidedAt: timestampSchema.nullable(),
  decisionNote: z.string().nullable(),
  createdAt: timestampSchema,
  organizationId: z.number().int(),
  organizationName: z.string(),
});
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;

/** The asker's latest request, or null when they never asked. */
export const ownPromotionRequestSchema = promotionRequestSchema.nullable();

export const promotionListQuerySchema = z.strictObject({
  status: z.enum(promotionStatuses).optional(),
  organizationId: organizationFilter,
});
export interface PromotionListQuery {
  status?: PromotionStatus;
  organizationId?: number;
}

export const approvePromotionSchema = z.strictObject({
  note: z.string().trim().max(500, 'At most 500 characters').optional(),
});
export const refusePromotionSchema = z.strictObject({
  note: z.string().trim().min(3, 'Tell the person why (at least 3 characters)').max(500),
});
