import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { emailSchema, passwordSchema, userSchema, usernameSchema } from './users.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const registerSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  name: optionalText(100),
  companyName: optionalText(100),
  /** An invitation link's token: the account joins that organization with the invited role. */
  invitation: z.string().trim().min(20).max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.strictObject({
  username: z.string().trim().toLowerCase().min(1, 'Enter your username or e-mail').max(254),
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

export const loginMfaSchema = z.strictObject({ code: totpCodeSchema });

export const mfaRequiredSchema = z.object({ mfaRequired: z.literal(true) });
export const loginResultSchema = z.union([userSchema, mfaRequiredSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const emailOnlySchema = z.strictObject({ email: emailSchema });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

export const tokenSchema = z.string().trim().min(20).max(200);

export const verifyEmailSchema = z.strictObject({ token: tokenSchema });
export const magicLinkVerifySchema = z.strictObject({ token: tokenSchema });

export const resetPasswordSchema = z.strictObject({ token: tokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

const currentPasswordSchema = z.string().min(1, 'Enter your current password').max(1024);

export const changePasswordSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const updateProfileSchema = z.strictObject({
  name: z.string().trim().max(100).nullable(),
  email: emailSchema,
  /** Needed when the e-mail changes: a session alone must not be able to take the account. */
  currentPassword: currentPasswordSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** Erasing one's own account: the password again, and the username typed as a confirmation. */
export const deleteAccountSchema = z.strictObject({
  password: currentPasswordSchema,
  confirmation: z.string().trim().min(1, 'Type your username to confirm').max(254),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The same answer whether or not the address exists, so it reveals nothing. */
export const messageSchema = z.object({ message: z.string() });

export const mfaSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;
/** The password too: a session alone must not be able to tie the account to someone's phone. */
export const mfaEnableSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(1024),
  code: totpCodeSchema,
});
export type MfaEnableInput = z.input<typeof mfaEnableSchema>;
export const mfaDisableSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(1024),
  code: totpCodeSchema,
});

export const sessionInfoSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
  lastSeenAt: timestampSchema,
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const revokedSchema = z.object({ revoked: z.number().int() });
