import { describe, expect, it } from 'vitest';
import { unstorableTextPath } from './common.ts';

describe('unstorableTextPath', () => {
  it('names the first unstorable key or value, in order', () => {
    expect(unstorableTextPath({ a: 'ok', b: ['ok', 'x\u0000'], c: '\ud800' })).toEqual(['b', 1]);
    expect(unstorableTextPath({ a: { 'k\ud800': 1 } })).toEqual(['a', 'k\ud800']);
    expect(unstorableTextPath('\udc00')).toEqual([]);
    expect(unstorableTextPath({ a: ['😀', 1, null, true] })).toBeNull();
  });

  it('walks a body nested thousands of levels deep without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(unstorableTextPath(deep)).toHaveLength(20_000);
    expect(unstorableTextPath(JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`))).toBeNull();
  });
});
