/** The organizations module's public surface: other modules and the app import only this file. */
export {
  companyDomain,
  createOrganization,
  newDomainToken,
  findOrganizationByVerifiedDomain,
  nameKeyOf,
} from './organization-service.ts';
export {
  addToCreditBalance,
  billingStandingOf,
  creditBalanceOf,
  lockOrganization,
  orderingSuspensionOf,
  organizationCreatedAt,
  organizationExists,
  organizationNameOf,
  organizationNamesOf,
  setOrderingSuspension,
  setSupportPlan,
  supportPlanOf,
  type OrderingSuspension,
} from './organization-records.ts';
export { assertResidencyAllows, residencyPolicyOf } from './residency-policy.ts';
