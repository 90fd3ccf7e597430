import { describe, expect, it } from 'vitest';
import { billingDetailsFormSchema, previewVat } from './billing-details-schema';

const valid = {
  legalName: ' Beispiel GmbH ',
  address: 'Ring 1',
  country: 'at',
  vatNumber: '',
  email: 'billing@beispiel.at',
};

describe('the billing details form', () => {
  it('sends an empty VAT number as none, and a typed one as the server stores it', () => {
    expect(billingDetailsFormSchema.parse(valid)).toEqual({
      legalName: 'Beispiel GmbH',
      address: 'Ring 1',
      country: 'AT',
      vatNumber: null,
      email: 'billing@beispiel.at',
    });
    expect(
      billingDetailsFormSchema.parse({ ...valid, vatNumber: 'atu 12.345-678' }).vatNumber,
    ).toBe('ATU12345678');
  });

  it('refuses a VAT number of another country on its field', () => {
    const issues = billingDetailsFormSchema.safeParse({ ...valid, vatNumber: 'DE123456789' }).error
      ?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['vatNumber', 'A VAT number of this country starts with AT'],
    ]);
  });

  it('previews the reverse charge only for a VAT number the contract accepts', () => {
    expect(previewVat('AT', 'ATU12345678').treatment).toBe('reverse_charge');
    expect(previewVat('GR', 'EL123456789').treatment).toBe('reverse_charge');
    // Half typed, of another country, or at home: the French VAT.
    expect(previewVat('AT', 'A')).toMatchObject({ treatment: 'standard', rateBasisPoints: 2000 });
    expect(previewVat('DE', 'FR123').treatment).toBe('standard');
    expect(previewVat('FR', 'FR61912345678').treatment).toBe('standard');
    expect(previewVat('CH', 'CHE123456789').treatment).toBe('standard');
  });
});
