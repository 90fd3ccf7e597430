import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract/session-hint';

// findBy… and waitFor wait up to 5 s, not 1: on two busy cores a lazily loaded chunk (a
// dialog's form) can take longer than a second to arrive the first time, and a wait that ends
// early fails a test whose page is right. A test still ends at its own 15 s time-out.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts from an empty DOM, empty storage and no session hint.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});
