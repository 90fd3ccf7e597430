import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts';

/** A NUL, and each half of a surrogate pair alone: text PostgreSQL cannot store. */
const UNSTORABLE = ['\u0000', '\ud800', '\udc00'];
const RULE = /NUL or unpaired surrogate/;

const forms: { url: string; body: Record<string, unknown>; signedIn?: boolean }[] = [
  {
    url: '/api/register',
    body: {
      username: 'newcomer',
      email: 'newcomer@example.com',
      password: STRONG_PASSWORD,
      name: 'New Comer',
      companyName: 'Comer Ltd',
    },
  },
  { url: '/api/login', body: { username: 'newcomer', password: STRONG_PASSWORD } },
  {
    url: '/api/leads/contact',
    body: {
      name: 'Jo Smith',
      email: 'jo@corp.eu',
      company: 'Corp',
      topic: 'general',
      message: 'Do you offer clusters in Frankfurt?',
    },
  },
  { url: '/api/newsletter/subscribe', body: { email: 'jo@corp.eu', consent: true } },
  {
    url: '/api/public/tickets',
    body: {
      email: 'jo@corp.eu',
      name: 'Jo',
      category: 'billing',
      severity: 'low',
      subject: 'An invoice question',
      message: 'Why does my invoice show two lines for one cluster?',
    },
  },
  { url: '/api/auth/forgot-password', body: { email: 'jo@corp.eu' } },
  {
    url: '/api/user',
    body: { name: 'Jo', email: 'jo@corp.eu', currentPassword: STRONG_PASSWORD },
    signedIn: true,
  },
];

describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers 400 {message} for a NUL or a lone surrogate in every text field', async () => {
    const { client } = await registerUser(t.app, { username: 'profiled' });
    for (const form of forms) {
      for (const [field, value] of Object.entries(form.body)) {
        if (typeof value !== 'string') continue;
        for (const bad of UNSTORABLE) {
          const payload = { ...form.body, [field]: `${value.slice(0, 2)}${bad}${value.slice(2)}` };
          const response = await client.request({
            method: form.url === '/api/user' ? 'PATCH' : 'POST',
            url: form.url,
            payload,
            // Signed out for the public forms, as a visitor would send them.
            ...(form.signedIn ? {} : { cookies: { sid: '' } }),
          });
          const what = `${form.url} ${field} ${JSON.stringify(bad)}`;
          expect(response.statusCode, what).toBe(400);
          expect(response.json(), what).toEqual({ message: expect.stringMatching(RULE) });
          expect(response.json().message, what).toContain(field);
        }
      }
    }
  });

  it('looks into the query string and nested values, and lets a whole surrogate pair through', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/leads/demo-slots?date=%00' });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(RULE);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x', extra: { deep: ['ok', 'b\ud800d'] } },
    });
    expect(nested.json().message).toMatch(/extra\.deep\.1/);

    const { client } = await registerUser(t.app, { username: 'emoji' });
    const emoji = await client.patch('/api/user', { name: 'Jo 😀', email: 'emoji@example.com' });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().name).toBe('Jo 😀');
  });
});
