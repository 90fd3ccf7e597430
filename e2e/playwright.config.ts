import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';

/** End-to-end tests: the real server and the built SPA, in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  // The server is shared and the machine is small: two workers at most.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Two browsers and the server share two cores: a page load that takes a second alone takes
  // three while the other worker renders, and a long journey passes 30 s on a busy run. The
  // server's own share is watched apart (the teardown fails the run on its event-loop stalls).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [[process.env.CI ? 'line' : 'list'], ['./support/slowest-reporter.ts']],
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records a screencast of every test (recorded, then kept only on failure): on two
    // cores that competes with the pages and the server. E2E_TRACE=1 records them.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
});
