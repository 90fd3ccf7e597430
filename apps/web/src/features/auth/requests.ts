import type { LoginInput, LoginResult, RegisterInput, User } from '@alpenkube/contract';
import { apiJson } from '@/lib/http';
import { paths, POST_LOGIN_REDIRECT_KEY } from '@/config/paths';

const post = <T>(url: string, body?: unknown): Promise<T> => apiJson<T>('POST', url, body);

export const login = (input: LoginInput) => post<LoginResult>('/api/login', input);
export const loginMfa = (code: string) => post<User>('/api/login/mfa', { code });
export const register = (input: RegisterInput) => post<User>('/api/register', input);
export const logout = () => post<unknown>('/api/logout');

export const resendVerification = (email: string) =>
  post<{ message: string }>('/api/auth/resend-verification', { email });
export const verifyEmail = (token: string) => post<User>('/api/auth/verify-email', { token });
export const forgotPassword = (email: string) =>
  post<{ message: string }>('/api/auth/forgot-password', { email });
export const resetPassword = (token: string, password: string) =>
  post<{ message: string }>('/api/auth/reset-password', { token, password });
export const requestMagicLink = (email: string) =>
  post<{ message: string }>('/api/auth/magic-link', { email });
export const verifyMagicLink = (token: string) =>
  post<LoginResult>('/api/auth/magic-link/verify', { token });

export interface DevUser {
  username: string;
  role: string;
  description: string;
}
export const fetchDevUsers = () => apiJson<DevUser[]>('GET', '/api/dev/users');
export const devLogin = (username: string) => post<User>('/api/dev/login', { username });

/** Where the auth pages send a freshly signed-in user: the protected route's saved target. */
export function peekPostLoginRedirect(): string {
  const target = sessionStorage.getItem(POST_LOGIN_REDIRECT_KEY) ?? '';
  // Only same-site paths: a crafted value must not send the user to another origin.
  const safe = target.startsWith('/') && !target.startsWith('//') && !target.startsWith(paths.auth);
  return safe ? target : paths.dashboard;
}
export function takePostLoginRedirect(): string {
  const target = peekPostLoginRedirect();
  sessionStorage.removeItem(POST_LOGIN_REDIRECT_KEY);
  return target;
}
