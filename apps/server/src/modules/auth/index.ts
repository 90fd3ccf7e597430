/** The auth module's public surface: other modules and the app import only this file. */
export { type AuthService, createAuthService } from './auth-service.ts';
export { passwordMatches } from './password-check.ts';
export { signInLimits } from './sign-in-limits.ts';
export { matchTotpStep, newTotpSecret } from './totp.ts';
export { mailVerificationLink } from './verification-mail.ts';
