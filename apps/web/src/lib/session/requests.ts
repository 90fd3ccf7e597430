import type { LoginInput, RegisterInput } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

/** The calls that start or end a session; the auth pages and the shell share them. */
export const login = (body: LoginInput) => request(endpoints.session.login, { body });
export const loginMfa = (code: string) => request(endpoints.session.loginMfa, { body: { code } });
export const register = (body: RegisterInput) => request(endpoints.session.register, { body });
export const logout = () => request(endpoints.session.logout);
