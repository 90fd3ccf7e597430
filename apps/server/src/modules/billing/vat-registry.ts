/**
 * Where a VAT number is confirmed before the reverse charge applies: the EU's VIES service
 * (`vies-client.ts`), or the embedded simulated registry of development and tests, which needs
 * no network. Both answer the same way.
 */
export type VatRegistryAnswer =
  | { status: 'valid' | 'invalid' }
  /** The registry, or the member state's behind it, did not answer: ask again later. */
  | { status: 'unavailable'; reason: string };

export interface VatRegistry {
  /** `vies` for the EU's service (or a double of it), `simulated` for the embedded one. */
  readonly name: 'vies' | 'simulated';
  /** `vatNumber` with its country prefix (EL for Greece), as billing details store it. */
  check(vatNumber: string, signal?: AbortSignal): Promise<VatRegistryAnswer>;
}

/**
 * SIMULATED: the numbers the embedded registry confirms (docs/billing.md lists them; the demo
 * organization's is the first). Any other number is not registered, except that a number
 * ending in 000 stands for a member state whose registry does not answer (MS_UNAVAILABLE).
 */
export const SIMULATED_VALID_VAT_NUMBERS: readonly string[] = [
  'DE811907980',
  'ATU12345675',
  'BE0123456749',
  'IT12345678901',
  'NL123456789B01',
];

export function createSimulatedVatRegistry(): VatRegistry {
  return {
    name: 'simulated',
    async check(vatNumber) {
      if (vatNumber.endsWith('000')) return { status: 'unavailable', reason: 'MS_UNAVAILABLE' };
      return { status: SIMULATED_VALID_VAT_NUMBERS.includes(vatNumber) ? 'valid' : 'invalid' };
    },
  };
}
