/**
 * Row ids are PostgreSQL `serial` (int4): a larger number names no row and must not reach the
 * query. Free of zod, so the web app's every page can read an id from a URL for nothing.
 */
export const MAX_ROW_ID = 2_147_483_647;
