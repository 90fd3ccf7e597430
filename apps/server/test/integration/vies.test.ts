import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BillingDetails } from '@alpenkube/contract';
import { organizations, users } from '../../src/db/schema.ts';
import { ConfigError, EU_VIES_URL, loadConfig } from '../../src/config.ts';
import { createViesClient } from '../../src/modules/billing/index.ts';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.ts';
import { startViesDouble } from '../support/vies-double.ts';

describe('VAT numbers checked with the EU’s VIES service', () => {
  let vies: Awaited<ReturnType<typeof startViesDouble>>;
  let t: TestApp;

  beforeAll(async () => {
    vies = await startViesDouble({ valid: ['DE811907980', 'EL094259216'], unavailable: ['AT'] });
    t = await createTestApp({ env: { VIES_URL: vies.url, MAIL_LIMIT_PER_IP: '10000' } });
  });
  afterAll(async () => {
    await t.close();
    await vies.close();
  });

  it('asks the EU in production, the simulated registry in development, or where VIES_URL says', () => {
    const production = {
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://alpenkube.example',
    };
    expect(loadConfig(production).viesUrl).toBe(EU_VIES_URL);
    expect(loadConfig({ APP_ENV: 'development' }).viesUrl).toBeNull();
    expect(loadConfig({ APP_ENV: 'development', VIES_URL: `${vies.url}/` }).viesUrl).toBe(vies.url);
    expect(() => loadConfig({ ...production, VIES_URL: 'ftp://vies' })).toThrow(ConfigError);
    expect(t.app.services.vatRegistry.name).toBe('vies');
  });

  it('asks the service as its definition says, and reads valid, invalid and unavailable', async () => {
    const client = createViesClient(vies.url);
    expect(client.name).toBe('vies');
    expect(await client.check('DE811907980')).toEqual({ status: 'valid' });
    expect(vies.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/check-vat-number',
      contentType: 'application/json',
      body: { countryCode: 'DE', vatNumber: '811907980' },
    });
    // Greece is EL in VIES, as in the number.
    expect(await client.check('EL094259216')).toEqual({ status: 'valid' });
    expect(await client.check('DE999999999')).toEqual({ status: 'invalid' });
    expect(await client.check('ATU12345678')).toEqual({
      status: 'unavailable',
      reason: 'MS_UNAVAILABLE',
    });
    // Nobody listening: unavailable, not an error.
    const closed = createViesClient('http://127.0.0.1:9');
    expect((await closed.check('DE811907980')).status).toBe('unavailable');
  });

  it('reverse-charges only what the service confirmed, through the app', async () => {
    const { client, user } = await registerUser(t.app, { companyName: 'Vies Co' });
    const db = t.app.services.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    await db
      .update(organizations)
      .set({ status: 'active' })
      .where(eq(organizations.id, row!.organizationId));
    await t.app.services.sessions.userChanged(db, user.id);
    const save = async (country: string, vatNumber: string) => {
      const response = await client.put('/api/billing/details', {
        legalName: 'Vies Co',
        address: 'Somewhere 1',
        country,
        vatNumber,
        email: 'billing@vies.example',
      });
      expect(response.statusCode, response.body).toBe(200);
      await t.app.services.jobs.drain();
      return (await client.get('/api/billing/details')).json<BillingDetails>();
    };
    expect(await save('DE', 'DE811907980')).toMatchObject({
      vatNumberCheck: { status: 'valid', registry: 'vies' },
      vatTreatment: 'reverse_charge',
    });
    expect(await save('DE', 'DE999999999')).toMatchObject({
      vatNumberCheck: { status: 'invalid', registry: 'vies' },
      vatTreatment: 'standard',
    });
    expect(await save('AT', 'ATU12345678')).toMatchObject({
      vatNumberCheck: { status: 'unavailable', registry: 'vies' },
      vatTreatment: 'standard',
    });
  });
});
