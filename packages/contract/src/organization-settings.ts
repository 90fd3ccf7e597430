import { z } from 'zod';
import { timestampSchema } from './common.ts';

/**
 * Where an organization's clusters and products may keep data: regions under EU jurisdiction
 * only, or any region of the catalog. Set by the organization's admins; the server refuses an
 * order, add-on or product outside it (403 naming the policy).
 */
export const residencyPolicies = ['eu_only', 'any'] as const;
export const residencyPolicySchema = z.enum(residencyPolicies);
export type ResidencyPolicy = z.infer<typeof residencyPolicySchema>;

export const residencyPolicyLabels: Record<ResidencyPolicy, string> = {
  eu_only: 'EU only',
  any: 'Any jurisdiction',
};

/** Whether a policy lets data live in a region of this jurisdiction. */
export const residencyAllows = (policy: ResidencyPolicy, jurisdiction: 'eu' | 'non_eu') =>
  policy === 'any' || jurisdiction === 'eu';

/** The message of the 403 a refused placement answers (and the wizard shows). */
export const residencyRefusal = (regionLabel: string) =>
  `Your organization's residency policy is "EU only": ${regionLabel} is outside the EU. An organization admin can allow any jurisdiction in User Management › Organization.`;

const organizationIdField = z.number().int().positive().optional();

export const organizationResidencySchema = z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  policy: residencyPolicySchema,
});
export type OrganizationResidency = z.infer<typeof organizationResidencySchema>;

export const setResidencyPolicySchema = z.strictObject({
  policy: residencyPolicySchema,
  /** A super admin may set another organization's; an admin sets their own. */
  organizationId: organizationIdField,
});
export type SetResidencyPolicyInput = z.input<typeof setResidencyPolicySchema>;

export const domainCheckOutcomes = ['found', 'not_found', 'resolver_error'] as const;
export type DomainCheckOutcome = (typeof domainCheckOutcomes)[number];

/** Where the TXT record goes: a name of its own under the domain, so the apex stays untouched. */
export const DOMAIN_RECORD_PREFIX = '_alpenkube';
export const DOMAIN_TOKEN_PREFIX = 'alpenkube-verification=';

/** The organization's e-mail domain and the DNS record that proves it. */
export const organizationDomainSchema = z.object({
  organizationId: z.number().int(),
  /** Null until an admin names one (a founder at a public mail provider has none). */
  domain: z.string().nullable(),
  verifiedAt: timestampSchema.nullable(),
  /** The TXT record to publish; null without a domain. */
  record: z.object({ name: z.string(), type: z.literal('TXT'), value: z.string() }).nullable(),
  lastCheck: z.object({ at: timestampSchema, outcome: z.enum(domainCheckOutcomes) }).nullable(),
  /** How this server looks records up, said to the admin (a development server says how to publish one). */
  resolverNote: z.string(),
});
export type OrganizationDomain = z.infer<typeof organizationDomainSchema>;

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/,
    'Enter a domain such as example.eu, without https:// or an @',
  );

export const setOrganizationDomainSchema = z.strictObject({
  domain: domainName,
  organizationId: organizationIdField,
});
export type SetOrganizationDomainInput = z.input<typeof setOrganizationDomainSchema>;

export const verifyOrganizationDomainSchema = z.strictObject({
  /** The domain the admin means: another than the organization's own is a 404. */
  domain: domainName,
  organizationId: organizationIdField,
});
export type VerifyOrganizationDomainInput = z.input<typeof verifyOrganizationDomainSchema>;

export const domainCheckSchema = z.object({
  outcome: z.enum(domainCheckOutcomes),
  message: z.string(),
  domain: organizationDomainSchema,
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;
