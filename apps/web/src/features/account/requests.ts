import type {
  ChangePasswordInput,
  MfaSetup,
  SessionInfo,
  UpdateProfileInput,
  User,
} from '@alpenkube/contract';
import { apiJson, apiRequest } from '@/lib/http';

export const updateProfile = (input: UpdateProfileInput) =>
  apiJson<User>('PATCH', '/api/user', input);
export const changePassword = (input: ChangePasswordInput) =>
  apiRequest('PUT', '/api/user/password', input);

export const startMfaSetup = () => apiJson<MfaSetup>('POST', '/api/auth/mfa/setup');
export const enableMfa = (input: { password: string; code: string }) =>
  apiJson<User>('POST', '/api/auth/mfa/enable', input);
export const disableMfa = (input: { password: string; code: string }) =>
  apiJson<User>('POST', '/api/auth/mfa/disable', input);

export const sessionsUrl = '/api/auth/sessions';
export type { SessionInfo };
export const revokeSession = (id: number) => apiRequest('DELETE', `${sessionsUrl}/${id}`);
export const revokeOtherSessions = () =>
  apiJson<{ revoked: number }>('POST', `${sessionsUrl}/revoke-others`);
