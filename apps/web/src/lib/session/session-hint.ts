import { SESSION_HINT_COOKIE } from '@alpenkube/contract/session-hint';

const HINT_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=`);

/**
 * Whether the browser holds the session hint, which the server sets and clears with the session
 * cookie: without it the visitor is signed out, known before any request. False without a
 * document (a server render), where no visitor's cookies exist.
 */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && HINT_PATTERN.test(document.cookie);
}
