/** An error the client caused or may see: its status and message reach the response as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers the answer carries too, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
    /** Each bad field, for a 400 the schema could not find by itself (checks needing data). */
    readonly issues?: { path: (string | number)[]; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * A 400 naming each bad field, shaped like the answer to a body the route's schema refused:
 * the message is the first issue, prefixed with its path.
 */
export function invalidFields(issues: { path: (string | number)[]; message: string }[]) {
  const first = issues[0];
  const where = first && first.path.length ? `${first.path.join('.')}: ` : '';
  return new HttpError(400, first ? `${where}${first.message}` : 'Invalid request', {}, issues);
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
