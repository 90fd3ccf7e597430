import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { SESSION_HINT_COOKIE } from '@alpenkube/contract/session-hint';

// Each test starts from an empty DOM, empty storage and no session hint.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
});
