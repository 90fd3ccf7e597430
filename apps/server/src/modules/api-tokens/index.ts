/** The API tokens module's public surface: other modules and the app import only this file. */
export {
  type ApiTokenAuth,
  type ApiTokenService,
  createApiTokenService,
  revokeApiTokensOf,
} from './api-token-service.ts';
export { apiTokenPlugin, INVALID_API_TOKEN } from './api-token-plugin.ts';
