/** The members module's public surface: other modules and the app import only this file. */
export { claimInvitation, lookupInvitation, recordInvitationUser } from './invitation-service.ts';
export { createInvitationService, type InvitationService } from './invitation-service.ts';
export { createMemberService, type MemberService } from './member-service.ts';
export { lockAdminRules } from './admin-guard.ts';
export { createPromotionService, type PromotionService } from './promotion-service.ts';
export { createOrganizationSettings, type OrganizationSettings } from './organization-settings.ts';
export { createTxtLookup } from './domain-lookup.ts';
