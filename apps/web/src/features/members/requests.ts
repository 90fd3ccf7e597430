import type { AssignableRole, InviteInput } from '@alpenkube/contract';
import type { ResidencyPolicy } from '@alpenkube/contract/organization-settings';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { members } = endpoints;

export const approveRegistration = (id: number) =>
  request(members.approveRegistration, { params: [id] });
export const rejectRegistration = (id: number, reason: string) =>
  request(members.rejectRegistration, { params: [id], body: { reason } });
export const changeRole = (id: number, role: AssignableRole) =>
  request(members.changeRole, { params: [id], body: { role } });
export const disableMember = (id: number, reason: string) =>
  request(members.disable, { params: [id], body: { reason } });
export const enableMember = (id: number) => request(members.enable, { params: [id] });
export const removeMember = (id: number) => request(members.remove, { params: [id] });
export const invite = (input: InviteInput) => request(members.invite, { body: input });
export const revokeInvitation = (id: number) => request(members.revokeInvitation, { params: [id] });
export const setMfaRequired = (required: boolean, organizationId?: number) =>
  request(members.setMfaRequired, { body: { required, organizationId } });
export const approvePromotion = (id: number) =>
  request(members.approvePromotion, { params: [id], body: {} });
export const refusePromotion = (id: number, note: string) =>
  request(members.refusePromotion, { params: [id], body: { note } });
export const requestPromotion = (reason: string) =>
  request(members.requestPromotion, { body: { reason } });
export const setResidencyPolicy = (policy: ResidencyPolicy, organizationId?: number) =>
  request(members.setResidencyPolicy, { body: { policy, organizationId } });
export const setOrganizationDomain = (domain: string, organizationId?: number) =>
  request(members.setDomain, { body: { domain, organizationId } });
export const verifyOrganizationDomain = (domain: string, organizationId?: number) =>
  request(members.verifyDomain, { body: { domain, organizationId } });
