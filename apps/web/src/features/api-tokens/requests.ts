import type { AdminApiTokenQuery, CreateApiToken } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { apiTokens } = endpoints;

export const createApiToken = (body: CreateApiToken) => request(apiTokens.create, { body });
export const revokeApiToken = (id: number) => request(apiTokens.revoke, { params: [id] });
export const adminRevokeApiToken = (id: number) => request(apiTokens.adminRevoke, { params: [id] });
export type { AdminApiTokenQuery };
