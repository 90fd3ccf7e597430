import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dataExceptionMessage } from '../../src/db/errors.ts';
import {
  Client,
  createTestApp,
  lastMailTo,
  STRONG_PASSWORD,
  type TestApp,
} from '../support/test-app.ts';

const NEW_PASSWORD = 'a-fresh-passphrase-for-reset-91';
const WRONG_PASSWORD = 'not-the-right-passphrase-13';

/** The log must never carry a password, a hash, a session token or a mailed token. */
describe('what the log keeps', () => {
  let t: TestApp;
  let log = '';
  beforeEach(async () => {
    log = '';
    t = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void (log += line) },
    });
  });
  afterEach(() => t.close());

  it('a whole sign-in flow, and a failing query, leave no secret in the log', async () => {
    const secrets: string[] = [STRONG_PASSWORD, NEW_PASSWORD, WRONG_PASSWORD];
    const visitor = new Client(t.app);
    const registered = await visitor.post('/api/register', {
      username: 'logged',
      email: 'logged@example.com',
      password: STRONG_PASSWORD,
    });
    expect(registered.statusCode).toBe(201);
    secrets.push(visitor.cookie('sid')!);
    const login = await visitor.post('/api/login', {
      username: 'logged',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    secrets.push(visitor.cookie('sid')!);
    const wrong = await new Client(t.app).post('/api/login', {
      username: 'logged',
      password: WRONG_PASSWORD,
    });
    expect(wrong.statusCode).toBe(401);

    await new Client(t.app).post('/api/auth/forgot-password', { email: 'logged@example.com' });
    await t.app.services.jobs.drain();
    const { token: resetToken } = await lastMailTo(t.app, 'logged@example.com');
    secrets.push(resetToken);
    // The reset page is served with its token in the query string: the access log drops it.
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const reset = await new Client(t.app).post('/api/auth/reset-password', {
      token: resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);

    const nul = await new Client(t.app).post('/api/register', {
      username: 'nul',
      email: 'nul@example.com',
      password: STRONG_PASSWORD,
      name: 'Nu\u0000l',
    });
    expect(nul.statusCode).toBe(400);

    // A query PostgreSQL refuses, carrying a hash as a parameter, logged as a route would.
    const [row] = (
      await t.app.services.db.execute<{ password_hash: string }>(
        sql`select password_hash from users where username = 'logged'`,
      )
    ).rows;
    const hash = row!.password_hash;
    expect(hash).toMatch(/^\$argon2/);
    secrets.push(hash);
    const failure = await t.app.services.db
      .execute(sql`select ${hash}::text || ${'bad\u0000'}::text`)
      .catch((error: unknown) => error);
    expect(dataExceptionMessage(failure)).toEqual(expect.any(String));
    t.app.log.error({ err: failure }, 'request failed');
    t.app.log.warn(
      { headers: { cookie: `sid=${secrets[3]}`, authorization: 'Bearer x' } },
      'headers',
    );

    expect(log).toContain('request failed');
    expect(log).toMatch(/"code":"22021"|"code":"22P05"/);
    expect(log).toContain('"url":"/reset-password"');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('params:');
    for (const secret of secrets)
      expect(log, `log contains ${secret.slice(0, 6)}…`).not.toContain(secret);
  });
});
