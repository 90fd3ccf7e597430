import type http from 'node:http';

/** What a provider's double reads of a request: its URL, method and JSON body (null if none). */
export interface DoubleRequest {
  url: URL;
  method: string;
  body: Record<string, unknown> | null;
}

/** Reads a request to a double whole, then hands it over; a body that is not JSON is null. */
export function readDoubleRequest(
  request: http.IncomingMessage,
  handle: (read: DoubleRequest) => void,
) {
  let raw = '';
  request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
  request.on('end', () => {
    let body: Record<string, unknown> | null = null;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    handle({
      url: new URL(request.url ?? '/', 'http://double'),
      method: request.method ?? 'GET',
      body,
    });
  });
}
