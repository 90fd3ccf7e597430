import { z } from 'zod';
import { roleSchema } from './users.ts';
import { timestampSchema } from './common.ts';
import { invoiceStatuses } from './billing.ts';

/**
 * Platform operators (super admins) over every organization: approving new ones, suspending
 * and reinstating them, and granting compliance officers' access.
 */

export const organizationStatuses = ['pending_approval', 'active', 'suspended'] as const;
export type OrganizationStatusName = (typeof organizationStatuses)[number];

/** What each status may become: anything else is a 409. */
export const organizationTransitions: Record<
  OrganizationStatusName,
  readonly OrganizationStatusName[]
> = {
  pending_approval: ['active'],
  active: ['suspended'],
  suspended: ['active'],
};

export const OPERATOR_PAGE_MAX = 100;

const wholeNumber = (max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,7}$/, 'Must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(max));

/** `GET /api/admin/organizations?status=&search=&limit=&offset=`; pending first without a status. */
export const operatorOrganizationQuerySchema = z.strictObject({
  status: z.enum(organizationStatuses).optional(),
  /** Part of the name or of the Billing ID, any case. */
  search: z.string().trim().max(100).optional(),
  limit: wholeNumber(OPERATOR_PAGE_MAX).pipe(z.number().min(1)).optional(),
  offset: wholeNumber(9_999_999).optional(),
});
export interface OperatorOrganizationQuery {
  status?: OrganizationStatusName;
  search?: string;
  limit?: number;
  offset?: number;
}

export const operatorOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  billingId: z.string(),
  status: z.enum(organizationStatuses),
  createdAt: timestampSchema,
  approvedAt: timestampSchema.nullable(),
  suspendedReason: z.string().nullable(),
  /** Active members, admins included. */
  memberCount: z.number().int(),
  activeAdminCount: z.number().int(),
  /** Cents. */
  creditBalance: z.number().int(),
  supportPlan: z.string(),
  /** Clusters not deleted. */
  clusterCount: z.number().int(),
  /** Orders waiting on payment or fulfilment. */
  openOrderCount: z.number().int(),
});

export const operatorOrganizationPageSchema = z.object({
  organizations: z.array(operatorOrganizationSchema),
  /** How many match the query, across pages. */
  total: z.number().int(),
  /** How many organizations are in each status, whatever the query: the tabs' counts. */
  counts: z.object({
    pending_approval: z.number().int(),
    active: z.number().int(),
    suspended: z.number().int(),
  }),
});

export const operatorOrganizationDetailSchema = operatorOrganizationSchema.extend({
  admins: z.array(
    z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string().nullable(),
      email: z.string(),
    }),
  ),
  /** The newest invoices, at most 12. */
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      status: z.enum(invoiceStatuses),
      issuedAt: timestampSchema,
      /** Cents. */
      total: z.number().int(),
      /** Cents paying it took (credit applied and card charge): what a void of a paid one gives back. */
      collected: z.number().int(),
      /** Cents a void can refund to the card that paid its amount due (0: credit only). */
      cardRefundable: z.number().int(),
      /** The credit note its void gave, if it was paid. */
      creditNote: z.string().nullable(),
    }),
  ),
});

export const suspendOrganizationSchema = z.strictObject({
  reason: z.string().trim().min(3, 'Say why, in a few words').max(500),
});

/** A user of an organization as an operator sees them, to grant officer access. */
export const operatorUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(['active', 'pending_approval', 'disabled', 'rejected']),
  officerAccess: z.boolean(),
});

export const officerAccessChangeSchema = z.strictObject({ officerAccess: z.boolean() });

export type OperatorOrganization = z.infer<typeof operatorOrganizationSchema>;
export type OperatorOrganizationPage = z.infer<typeof operatorOrganizationPageSchema>;
export type OperatorOrganizationDetail = z.infer<typeof operatorOrganizationDetailSchema>;
export type SuspendOrganization = z.infer<typeof suspendOrganizationSchema>;
export type OperatorUser = z.infer<typeof operatorUserSchema>;
export type OfficerAccessChange = z.infer<typeof officerAccessChangeSchema>;
