/**
 * People: what an organization's admins do with its members, and a member's request to become
 * an admin. The app composes these into its routes and the settings page.
 */
export { MfaRequiredNotice } from './components/mfa-required-notice';
export { PromotionRequestSection } from './components/promotion-request-section';
