/**
 * The session hint: a cookie the server sets and clears with the session cookie, its value
 * always '1'. Not httpOnly on purpose: scripts read it so a page knows, before any request,
 * whether asking for the session is worth it (a visitor without it is signed out, and costs no
 * 401). Never a credential: it grants nothing, and the server trusts only the session cookie.
 * No imports, so every page can read it without pulling in zod.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
