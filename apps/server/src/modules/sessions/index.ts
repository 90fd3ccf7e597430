/** The sessions module's public surface: other modules and the app import only this file. */
export { type ClientInfo, clientInfo } from './client-info.ts';
export {
  clearSessionCookie,
  hasBearerToken,
  readSessionToken,
  requireSession,
  sessionPlugin,
  setSessionCookie,
} from './session-plugin.ts';
export {
  type ActiveSession,
  createSessionStore,
  loadSessionUser,
  type SessionEnd,
  type SessionStore,
  type SessionUser,
  sessionUserFrom,
  toPublicUser,
} from './session-store.ts';
