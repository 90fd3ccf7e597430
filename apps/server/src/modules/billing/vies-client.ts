import { z } from 'zod';
import type { VatRegistry, VatRegistryAnswer } from './vat-registry.ts';

/** Past this the registry counts as not answering; the check is asked again later. */
export const VIES_TIMEOUT_MS = 10_000;

/** `CheckVatResponse` of the VIES REST API's definition (the fields read here). */
const checkVatResponseSchema = z.object({
  valid: z.boolean(),
  /** Sent by the live service beside the definition's fields: VALID, INVALID or an error code. */
  userError: z.string().optional(),
});

/** `CommonResponse`: what a 400 or 500 carries. */
const commonResponseSchema = z.object({
  actionSucceed: z.boolean().optional(),
  errorWrappers: z
    .array(z.object({ error: z.string(), message: z.string().optional() }))
    .optional(),
});

/** An answer that says the number itself is malformed: no registry would confirm it. */
const REFUSED_INPUT = new Set(['INVALID_INPUT', 'INVALID']);

/**
 * The EU's VIES service over its REST API (`POST {base}/check-vat-number` with
 * `{countryCode, vatNumber}`; the country code is the number's prefix, EL for Greece). Anything
 * but a clear valid or invalid — an error code such as MS_UNAVAILABLE, a 5xx, a time-out, no
 * connection — is `unavailable`, never an error: the caller charges VAT and asks again later.
 */
export function createViesClient(baseUrl: string): VatRegistry {
  const endpoint = `${baseUrl}/check-vat-number`;

  async function ask(vatNumber: string, signal?: AbortSignal): Promise<VatRegistryAnswer> {
    const timeout = AbortSignal.timeout(VIES_TIMEOUT_MS);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const parsed = checkVatResponseSchema.safeParse(body);
      if (!parsed.success) return { status: 'unavailable', reason: 'unreadable answer' };
      const { valid, userError } = parsed.data;
      if (userError && userError !== 'VALID' && userError !== 'INVALID') {
        return REFUSED_INPUT.has(userError)
          ? { status: 'invalid' }
          : { status: 'unavailable', reason: userError };
      }
      return { status: valid ? 'valid' : 'invalid' };
    }
    const error = commonResponseSchema.safeParse(body).data?.errorWrappers?.[0]?.error;
    if (error && REFUSED_INPUT.has(error)) return { status: 'invalid' };
    return { status: 'unavailable', reason: error ?? `HTTP ${response.status}` };
  }

  return {
    name: 'vies',
    async check(vatNumber, signal) {
      try {
        return await ask(vatNumber, signal);
      } catch (error) {
        return { status: 'unavailable', reason: error instanceof Error ? error.name : 'failed' };
      }
    },
  };
}
