import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-policy.ts';

export { PASSWORD_MAX, PASSWORD_MIN };

export const roles = ['user', 'billing', 'viewer', 'admin', 'super_admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[a-z0-9._-]+$/, 'Username may contain only a-z, 0-9, dot, underscore and hyphen');

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** The signed-in user as GET /api/user answers it: never a hash or a secret. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  companyName: z.string().nullable(),
  companyId: z.string().nullable(),
  role: roleSchema,
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  status: z.enum(['active', 'pending_approval', 'disabled', 'rejected']),
  /**
   * The organization requires two-factor authentication and this user has not set it up: until
   * they do, they reach their own account and nothing else.
   */
  mfaSetupRequired: z.boolean(),
  /** Whether the organization may order: a new one waits for the platform's approval. */
  organizationStatus: z.enum(['pending_approval', 'active', 'suspended']),
});
export type User = z.infer<typeof userSchema>;
