import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';
import { paths, POST_LOGIN_REDIRECT_KEY } from '@/config/paths';

export const resendVerification = (email: string) =>
  request(endpoints.auth.resendVerification, { body: { email } });
export const verifyEmail = (token: string) =>
  request(endpoints.auth.verifyEmail, { body: { token } });
export const forgotPassword = (email: string) =>
  request(endpoints.auth.forgotPassword, { body: { email } });
export const resetPassword = (token: string, password: string) =>
  request(endpoints.auth.resetPassword, { body: { token, password } });
export const requestMagicLink = (email: string) =>
  request(endpoints.auth.requestMagicLink, { body: { email } });
export const verifyMagicLink = (token: string) =>
  request(endpoints.auth.verifyMagicLink, { body: { token } });

export const fetchDevUsers = () => request(endpoints.dev.users);
export const devLogin = (username: string) => request(endpoints.dev.login, { body: { username } });

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
