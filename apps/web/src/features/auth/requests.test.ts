import { beforeEach, describe, expect, it } from 'vitest';
import { peekPostLoginRedirect, takePostLoginRedirect } from './requests';

beforeEach(() => sessionStorage.clear());

describe('post-login redirect', () => {
  it('returns the saved path once, then the dashboard', () => {
    sessionStorage.setItem('postLoginRedirect', '/billing?tab=invoices');
    expect(peekPostLoginRedirect()).toBe('/billing?tab=invoices');
    expect(takePostLoginRedirect()).toBe('/billing?tab=invoices');
    expect(takePostLoginRedirect()).toBe('/dashboard');
  });

  it.each(['https://evil.example', '//evil.example/x', '/auth', 'javascript:alert(1)'])(
    'ignores %s',
    (target) => {
      sessionStorage.setItem('postLoginRedirect', target);
      expect(peekPostLoginRedirect()).toBe('/dashboard');
    },
  );
});
