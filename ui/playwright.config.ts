import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the release binary (started by e2e/global-setup.ts on a free port),
 * in Debian's Chromium: no browser download. The https-*.spec.ts run against the two HTTPS
 * servers of e2e/https-setup.ts (the office's own certificate, and one from an ACME CA)
 * over HTTP/2; every other spec against the plain HTTP one.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: ['./e2e/global-setup.ts', './e2e/https-setup.ts'],
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
