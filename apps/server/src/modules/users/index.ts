/** The users module's public surface: other modules and the app import only this file. */
export { accountRoutes } from './account-routes.ts';
export { type AccountService, createAccountService } from './account-service.ts';
