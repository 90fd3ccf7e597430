import { describe, expect, it } from 'vitest';
import { databaseOutOfSpace, databaseUnavailable, EmbeddedDatabaseStoppedError } from './errors.ts';

/** As Drizzle wraps a driver's error: its own message, the driver's error as the cause. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    ['an administrator shutdown', withCode('57P01')],
    ['a server starting up', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (class 08)', withCode('08006')],
    ['a backend gone mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool without a free client', new Error('timeout exceeded when trying to connect')],
    ['a silent host past the query time-out', new Error('Query read timeout')],
    [
      'the rollback on a connection closed after its time-out',
      new Error('Client was closed and is not queryable'),
    ],
    ['an aborted embedded database', new EmbeddedDatabaseStoppedError()],
  ])('recognises %s, wrapped or not', (_name, error) => {
    expect(databaseUnavailable(error)).toBe(true);
    expect(databaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a data exception', withCode('22001')],
    ['a disk full', withCode('53100')],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});

describe('databaseOutOfSpace', () => {
  it('recognises disk_full, ENOSPC and the host message, wrapped or not', () => {
    expect(databaseOutOfSpace(wrapped(withCode('53100')))).toBe(true);
    expect(databaseOutOfSpace(withCode('ENOSPC'))).toBe(true);
    const walWrite = 'could not write to file "pg_wal/xlogtemp.42": No space left on device';
    expect(databaseOutOfSpace(wrapped(withCode('58030', walWrite)))).toBe(true);
    expect(databaseOutOfSpace(withCode('57P01'))).toBe(false);
  });
});
