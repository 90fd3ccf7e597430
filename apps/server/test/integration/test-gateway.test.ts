import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { testGatewayCards, testGatewayCharges, testGatewayRefunds } from '../../src/db/schema.ts';
import { RefundRefusedError, type PaymentGateway } from '../../src/modules/payments/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TOKENS = '/test-gateway/v1/tokens';
const THIS_YEAR = new Date().getUTCFullYear();
const VALID = { expMonth: 12, expYear: THIS_YEAR + 2, cvc: '123' };

describe('test gateway', () => {
  let t: TestApp;
  let gateway: PaymentGateway;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp();
    gateway = t.app.services.paymentGateway;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.app.services.db.execute(
      sql`truncate test_gateway_refunds, test_gateway_charges, test_gateway_cards`,
    );
  });

  /** Each test tokenizes from its own address, so the per-network limit is the rate test's alone. */
  const tokenize = (payload: object, remoteAddress = `10.0.0.${++address % 250}`) =>
    t.app.inject({ method: 'POST', url: TOKENS, payload, remoteAddress });

  async function tokenFor(number: string, details: object = VALID) {
    const response = await tokenize({ number, ...details });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const charge = (token: string, key: string, amountCents = 12_345, returnUrl = '/orders/7') =>
    gateway.charge({ token, amountCents, idempotencyKey: key, returnUrl });

  describe('tokenizing', () => {
    const cards = [
      ['4242424242424242', 'Visa', '4242', 'succeed'],
      ['5555 5555 5555 4444', 'Mastercard', '4444', 'succeed'],
      ['378282246310005', 'American Express', '0005', 'succeed'],
      ['4000000000000002', 'Visa', '0002', 'decline'],
      ['4000-0000-0000-9995', 'Visa', '9995', 'insufficient_funds'],
      ['4000002760003184', 'Visa', '3184', 'challenge'],
    ] as const;

    for (const [number, brand, last4, behaviour] of cards) {
      it(`${number}: a ${brand} token, storing only brand, last four, expiry and behaviour`, async () => {
        const cvc = brand === 'American Express' ? '1234' : '123';
        const response = await tokenize({ number, ...VALID, cvc, name: 'Ada Lovelace' });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.headers['cache-control']).toBe('no-store');
        const token = response.json();
        expect(token).toEqual({
          id: expect.stringMatching(/^tok_[A-Za-z0-9_-]{20,}$/),
          brand,
          last4,
          expMonth: 12,
          expYear: THIS_YEAR + 2,
        });
        const rows = await t.app.services.db.select().from(testGatewayCards);
        expect(rows).toEqual([
          {
            token: token.id,
            brand,
            last4,
            expMonth: 12,
            expYear: THIS_YEAR + 2,
            fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
            behaviour,
            createdAt: expect.any(Date),
          },
        ]);
        // The hash and the time are the machine's: a CVC of 123 turned up in a timestamp's
        // milliseconds (.123Z) once, and could in a hexadecimal fingerprint.
        const stored = JSON.stringify(
          rows.map(({ createdAt: _at, fingerprint: _hash, ...row }) => row),
        );
        expect(stored).not.toContain(number.replace(/\D/g, '').slice(0, 12));
        expect(stored).not.toContain(cvc);
        expect(stored).not.toContain('Ada');
        expect(await gateway.describeToken(token.id)).toEqual({
          brand,
          last4,
          expMonth: 12,
          expYear: THIS_YEAR + 2,
          fingerprint: rows[0]!.fingerprint,
        });
      });
    }

    it('refuses a number that fails the Luhn check', async () => {
      const response = await tokenize({ number: '4242424242424241', ...VALID });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Your card number is incorrect.',
        issues: [{ path: ['number'], message: 'Your card number is incorrect.' }],
      });
    });

    it('refuses a real card number: only its test cards are accepted', async () => {
      const response = await tokenize({ number: '4111111111111111', ...VALID });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'This is a test gateway: use one of its test card numbers.',
        issues: [
          {
            path: ['number'],
            message: 'This is a test gateway: use one of its test card numbers.',
          },
        ],
      });
      expect(await t.app.services.db.select().from(testGatewayCards)).toEqual([]);
    });

    describe('expiry', () => {
      beforeEach(() => {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
      });
      afterEach(() => vi.useRealTimers());

      it('refuses a year in the past, naming the year', async () => {
        const response = await tokenize({ number: '4242424242424242', ...VALID, expYear: 2025 });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          message: 'Your card has expired.',
          issues: [{ path: ['expYear'], message: 'Your card has expired.' }],
        });
      });

      it('refuses an earlier month of this year, naming the month', async () => {
        const response = await tokenize({
          number: '4242424242424242',
          ...VALID,
          expMonth: 5,
          expYear: 2026,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toEqual([
          { path: ['expMonth'], message: 'Your card has expired.' },
        ]);
      });

      it('accepts a card through the last day of its expiry month', async () => {
        await tokenFor('4242424242424242', { ...VALID, expMonth: 6, expYear: 2026 });
      });
    });

    it('wants 3 digits of security code, 4 for American Express', async () => {
      const cvcIssue = {
        message: "Your card's security code is incorrect.",
        issues: [{ path: ['cvc'], message: "Your card's security code is incorrect." }],
      };
      const visa = await tokenize({ number: '4242424242424242', ...VALID, cvc: '1234' });
      expect(visa.statusCode).toBe(400);
      expect(visa.json()).toEqual(cvcIssue);
      const amex = await tokenize({ number: '378282246310005', ...VALID, cvc: '123' });
      expect(amex.statusCode).toBe(400);
      expect(amex.json()).toEqual(cvcIssue);
    });

    it('names every bad field at once, and the shape errors come from the contract', async () => {
      const response = await tokenize({
        number: '4000000000000002',
        expMonth: 1,
        expYear: THIS_YEAR - 1,
        cvc: '12345',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: ['cvc'], message: 'Enter the 3 or 4 digits on the back of the card' },
      ]);
      const both = await tokenize({
        number: '4000000000000002',
        expMonth: 1,
        expYear: THIS_YEAR - 1,
        cvc: '1234',
      });
      expect(both.json().issues.map((issue: { path: string[] }) => issue.path[0])).toEqual([
        'expYear',
        'cvc',
      ]);
      const letters = await tokenize({ number: '4242abcd', ...VALID });
      expect(letters.statusCode).toBe(400);
      expect(letters.json().issues[0]).toMatchObject({ path: ['number'] });
    });

    it('limits tokenizations per network', async () => {
      const from = '192.0.2.77';
      for (let i = 0; i < 60; i++) {
        const response = await tokenize({ number: '1234', ...VALID }, from);
        expect(response.statusCode).toBe(400);
      }
      const limited = await tokenize({ number: '4242424242424242', ...VALID }, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await tokenize({ number: '4242424242424242', ...VALID })).statusCode).toBe(201);
    });

    it('is not reachable from another site', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: TOKENS,
        payload: { number: '4242424242424242', ...VALID },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('charges', () => {
    it('succeeds, declines or asks for a challenge as each test card says', async () => {
      const succeed = await charge(await tokenFor('4242424242424242'), 'key-succeed');
      expect(succeed).toEqual({
        id: expect.stringMatching(/^ch_/),
        status: 'succeeded',
        amountCents: 12_345,
        declineMessage: null,
        challengeUrl: null,
      });
      expect(await charge(await tokenFor('4000000000000002'), 'key-decline')).toMatchObject({
        status: 'declined',
        declineMessage: 'Your card was declined.',
        challengeUrl: null,
      });
      expect(await charge(await tokenFor('4000000000009995'), 'key-funds')).toMatchObject({
        status: 'declined',
        declineMessage: 'Your card has insufficient funds.',
      });
      const challenge = await charge(await tokenFor('4000002760003184'), 'key-challenge');
      expect(challenge).toMatchObject({
        status: 'requires_action',
        declineMessage: null,
        challengeUrl: `/test-gateway/challenge/${challenge.id}`,
      });
      expect(await gateway.retrieveCharge(challenge.id)).toEqual(challenge);
    });

    it('declines a card that expired since it was saved', async () => {
      const token = await tokenFor('4242424242424242');
      await t.app.services.db
        .update(testGatewayCards)
        .set({ expYear: THIS_YEAR - 1 })
        .where(eq(testGatewayCards.token, token));
      expect(await charge(token, 'key-expired')).toMatchObject({
        status: 'declined',
        declineMessage: 'Your card has expired.',
      });
    });

    it('answers the same charge for the same key, and never makes a second', async () => {
      const token = await tokenFor('4242424242424242');
      const first = await charge(token, 'order-1-attempt-1');
      expect(await charge(token, 'order-1-attempt-1')).toEqual(first);
      const rows = await t.app.services.db.select().from(testGatewayCharges);
      expect(rows).toHaveLength(1);
      await expect(charge(token, 'order-1-attempt-1', 999)).rejects.toMatchObject({
        statusCode: 409,
      });
    });

    it('makes one charge when requests with one key race', async () => {
      const token = await tokenFor('4000002760003184');
      const charges = await Promise.all(
        Array.from({ length: 8 }, () => charge(token, 'racing-key')),
      );
      expect(new Set(charges.map((c) => c.id)).size).toBe(1);
      const rows = await t.app.services.db
        .select()
        .from(testGatewayCharges)
        .where(eq(testGatewayCharges.idempotencyKey, 'racing-key'));
      expect(rows).toHaveLength(1);
    });

    it('refunds a succeeded charge on that charge, once per key, never more than it took', async () => {
      const token = await tokenFor('4242424242424242');
      const paid = await charge(token, 'refund-charge', 1_000);
      const refund = (key: string, amountCents: number, chargeId = paid.id) =>
        gateway.refund({ chargeId, amountCents, idempotencyKey: key });
      const first = await refund('refund-1', 600);
      expect(first).toMatchObject({ chargeId: paid.id, amountCents: 600, status: 'succeeded' });
      expect(await refund('refund-1', 600)).toEqual(first);
      await expect(refund('refund-1', 500)).rejects.toBeInstanceOf(RefundRefusedError);
      await expect(refund('refund-2', 401)).rejects.toMatchObject({
        statusCode: 400,
        message: 'The refund is more than what is left of the charge.',
      });
      expect((await refund('refund-3', 400)).amountCents).toBe(400);
      const declined = await charge(await tokenFor('4000000000000002'), 'refund-declined', 1_000);
      await expect(refund('refund-4', 100, declined.id)).rejects.toMatchObject({
        statusCode: 400,
        message: 'Only a charge that succeeded is refunded.',
      });
      await expect(refund('refund-5', 100, 'ch_unknown')).rejects.toMatchObject({
        statusCode: 400,
      });
      const rows = await t.app.services.db.select().from(testGatewayRefunds);
      expect(rows.map((row) => [row.idempotencyKey, row.amountCents])).toEqual([
        ['refund-1', 600],
        ['refund-3', 400],
      ]);
    });

    it('answers two refunds of one key at once as one refund made, not one made and one over the charge', async () => {
      const paid = await charge(await tokenFor('4242424242424242'), 'refund-race', 1_000);
      const ask = () =>
        gateway.refund({ chargeId: paid.id, amountCents: 1_000, idempotencyKey: 'refund-race-1' });
      let answers!: Promise<Awaited<ReturnType<typeof ask>>[]>;
      // Both asks start while the charge is held (as by a third refund), so both have looked for
      // their key before either could make the refund.
      await t.app.services.db.transaction(async (tx) => {
        await tx
          .select()
          .from(testGatewayCharges)
          .where(eq(testGatewayCharges.id, paid.id))
          .for('update');
        answers = Promise.all([ask(), ask()]);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const [first, second] = await answers;
      expect(second!.id).toBe(first!.id);
      expect(await t.app.services.db.select().from(testGatewayRefunds)).toHaveLength(1);
    });

    it('refuses an unknown token, a non-positive amount and a return URL off the site', async () => {
      await expect(charge('tok_unknown', 'key-unknown')).rejects.toMatchObject({
        statusCode: 400,
        message: 'This card token is not valid: add the card again.',
      });
      const token = await tokenFor('4242424242424242');
      await expect(charge(token, 'key-zero', 0)).rejects.toThrow(/positive/);
      for (const url of [
        'https://evil.example/orders',
        '//evil.example/orders',
        '/\\evil.example',
        'javascript:alert(1)',
        '/\tevil',
        `${t.config.publicUrl}//evil.example/x`,
      ]) {
        await expect(charge(token, `key-${url}`, 100, url)).rejects.toMatchObject({
          statusCode: 400,
          message: 'The return address must be a page of this site.',
        });
      }
      expect(await t.app.services.db.select().from(testGatewayCharges)).toEqual([]);
    });

    it('keeps only the path of an absolute return URL of the public origin', async () => {
      const token = await tokenFor('4000002760003184');
      const made = await charge(
        token,
        'key-abs',
        100,
        `${t.config.publicUrl}/payment-success?order=3`,
      );
      const [row] = await t.app.services.db
        .select()
        .from(testGatewayCharges)
        .where(eq(testGatewayCharges.id, made.id));
      expect(row!.returnUrl).toBe('/payment-success?order=3');
    });

    it('cancels only a charge that waits for its challenge', async () => {
      const waiting = await charge(await tokenFor('4000002760003184'), 'key-wait');
      expect(await gateway.cancelCharge(waiting.id)).toMatchObject({
        status: 'cancelled',
        challengeUrl: null,
      });
      const paid = await charge(await tokenFor('4242424242424242'), 'key-paid');
      expect(await gateway.cancelCharge(paid.id)).toEqual(paid);
      await expect(gateway.retrieveCharge('ch_nope')).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  describe('the challenge page', () => {
    async function waitingCharge(key: string, returnUrl = '/payment-success?order=42') {
      return charge(await tokenFor('4000002760003184'), key, 12_345, returnUrl);
    }
    const answer = (chargeId: string, outcome: string, origin = t.config.publicUrl) =>
      t.app.inject({
        method: 'POST',
        url: `/test-gateway/challenge/${chargeId}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin,
          'sec-fetch-site': 'same-origin',
        },
        payload: `outcome=${outcome}`,
      });

    it('is a self-contained page of the test gateway with the amount and two choices', async () => {
      const made = await waitingCharge('page');
      const response = await t.app.inject({ method: 'GET', url: made.challengeUrl! });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("form-action 'self'");
      // Under the site's no-referrer policy a browser would post the form with `Origin: null`.
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.body).toContain('<title>Authenticate this payment · Alpenkube test gateway');
      expect(response.body).toContain('no real card is charged');
      expect(response.body).toContain('$123.45');
      expect(response.body).toContain(`<form method="post" action="${made.challengeUrl}"`);
      expect(response.body).toContain('value="complete">Complete authentication</button>');
      expect(response.body).toContain('value="fail">Fail authentication</button>');
      expect(response.body).not.toMatch(/<script|<link|https?:\/\//);
    });

    it('completes: the charge succeeds and the payer goes back to the return path', async () => {
      const made = await waitingCharge('complete');
      const response = await answer(made.id, 'complete');
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/payment-success?order=42');
      expect(await gateway.retrieveCharge(made.id)).toMatchObject({
        status: 'succeeded',
        challengeUrl: null,
      });

      const again = await answer(made.id, 'fail');
      expect(again.statusCode).toBe(409);
      expect(again.body).toContain('Nothing left to authenticate');
      expect(again.body).toContain('href="/payment-success?order=42"');
      expect((await gateway.retrieveCharge(made.id)).status).toBe('succeeded');
    });

    it('fails: the charge is declined with the reason', async () => {
      const made = await waitingCharge('fail');
      const response = await answer(made.id, 'fail');
      expect(response.statusCode).toBe(303);
      expect(await gateway.retrieveCharge(made.id)).toMatchObject({
        status: 'declined',
        declineMessage: "The card's authentication failed.",
      });
      const page = await t.app.inject({ method: 'GET', url: made.challengeUrl! });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('The payment was declined.');
      expect(page.body).toContain('The card&#39;s authentication failed.');
      expect(page.body).not.toContain('Complete authentication');
    });

    it('shows a cancelled charge as settled', async () => {
      const made = await waitingCharge('cancelled');
      await gateway.cancelCharge(made.id);
      const page = await t.app.inject({ method: 'GET', url: made.challengeUrl! });
      expect(page.body).toContain('The payment was cancelled');
      expect((await answer(made.id, 'complete')).statusCode).toBe(409);
      expect((await gateway.retrieveCharge(made.id)).status).toBe('cancelled');
    });

    it('never redirects off the site, even to a return URL that got into its table', async () => {
      const made = await waitingCharge('tampered');
      await t.app.services.db
        .update(testGatewayCharges)
        .set({ returnUrl: 'https://evil.example/phish' })
        .where(eq(testGatewayCharges.id, made.id));
      const response = await answer(made.id, 'complete');
      expect(response.statusCode).toBe(200);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).not.toContain('evil.example');
      for (const returnUrl of ['//evil.example/x', '/\\evil.example']) {
        const other = await waitingCharge(`tampered-${returnUrl}`);
        await t.app.services.db
          .update(testGatewayCharges)
          .set({ returnUrl })
          .where(eq(testGatewayCharges.id, other.id));
        const reply = await answer(other.id, 'complete');
        expect(reply.headers.location).toBeUndefined();
      }
    });

    it('answers 404 for an unknown charge, and refuses another site or a bad outcome', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/test-gateway/challenge/ch_nope' });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Payment not found');
      expect((await answer('ch_nope', 'complete')).statusCode).toBe(404);

      const made = await waitingCharge('guarded');
      expect((await answer(made.id, 'complete', 'https://evil.example')).statusCode).toBe(403);
      expect((await answer(made.id, 'maybe')).statusCode).toBe(400);
      expect((await gateway.retrieveCharge(made.id)).status).toBe('requires_action');
    });
  });
});
