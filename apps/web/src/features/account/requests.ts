import type {
  ChangePasswordInput,
  DeleteAccountInput,
  MfaEnableInput,
  UpdateProfileInput,
} from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { account } = endpoints;

export const updateProfile = (body: UpdateProfileInput) => request(account.updateProfile, { body });
export const changePassword = (body: ChangePasswordInput) =>
  request(account.changePassword, { body });

export const deleteAccount = (body: DeleteAccountInput) => request(account.deleteAccount, { body });

export const startMfaSetup = () => request(account.startMfaSetup);
export const enableMfa = (body: MfaEnableInput) => request(account.enableMfa, { body });
export const disableMfa = (body: { password: string; code: string }) =>
  request(account.disableMfa, { body });

export const revokeSession = (id: number) => request(account.revokeSession, { params: [id] });
export const revokeOtherSessions = () => request(account.revokeOtherSessions);
