/** The account module's public surface: a person's own account (profile, password, second factor, sessions). */
export { type AccountService, createAccountService } from './account-service.ts';
