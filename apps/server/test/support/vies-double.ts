import http from 'node:http';
import type { AddressInfo } from 'node:net';

type CheckVatRequest = { countryCode?: unknown; vatNumber?: unknown } | null;

function parse(raw: string): CheckVatRequest {
  try {
    return JSON.parse(raw) as CheckVatRequest;
  } catch {
    return null;
  }
}

/**
 * A local double of the EU's VIES REST API, as its published definition describes it:
 * `POST /check-vat-number` with `{countryCode, vatNumber}` answers 200 with a
 * `CheckVatResponse` (`valid`, `name`, `address`, `requestDate`…), a malformed request 400 and
 * a member state that does not answer 500, both with a `CommonResponse`
 * (`actionSucceed: false`, `errorWrappers: [{error, message}]`).
 */
export async function startViesDouble(registry: {
  /** Full numbers (with their prefix) that are registered. */
  valid: string[];
  /** Country codes whose member-state registry is down (MS_UNAVAILABLE). */
  unavailable?: string[];
}) {
  const requests: { method?: string; url?: string; contentType?: string; body: unknown }[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = parse(raw);
      requests.push({
        method: request.method,
        url: request.url,
        contentType: request.headers['content-type'],
        body,
      });
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const failure = (status: number, error: string) =>
        answer(status, { actionSucceed: false, errorWrappers: [{ error, message: error }] });
      if (request.method !== 'POST' || request.url !== '/check-vat-number') {
        return failure(404, 'NOT_FOUND');
      }
      const countryCode = body?.countryCode;
      const vatNumber = body?.vatNumber;
      if (typeof countryCode !== 'string' || typeof vatNumber !== 'string') {
        return failure(400, 'INVALID_INPUT');
      }
      if (registry.unavailable?.includes(countryCode)) return failure(500, 'MS_UNAVAILABLE');
      const valid = registry.valid.includes(`${countryCode}${vatNumber}`);
      return answer(200, {
        countryCode,
        vatNumber,
        requestDate: new Date().toISOString(),
        valid,
        name: valid ? 'Registered Trader' : '---',
        address: valid ? 'Somewhere 1' : '---',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
