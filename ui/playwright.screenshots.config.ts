import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Screenshots for people to look at, not a test: `npx playwright test -c playwright.screenshots.config.ts`
 * (or `npm run screenshots`) saves them to e2e/screenshots/ (gitignored). The default
 * `npx playwright test` never runs them: it matches *.spec.ts only, these are *.shots.ts.
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.shots.ts',
  // The screenshots are of the plain HTTP server only.
  globalSetup: './e2e/global-setup.ts',
  timeout: 120_000,
});
