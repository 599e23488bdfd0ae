import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';

/**
 * Browser journeys against the built site, in Debian's Chromium. Each file runs in a worker of its own
 * with its own server; one worker at a time, since every file starts a server and a browser.
 */
export default defineConfig({
  testDir: 'tests',
  globalSetup: './support/global-setup.ts',
  outputDir: 'artifacts/results',
  // Journeys build and release remotes and start servers: minutes on a loaded machine, not seconds.
  timeout: 240_000,
  // One retry: a journey that fails once and then passes is listed as flaky (with the failed
  // attempt's trace kept), never silently green; failing twice fails the run.
  retries: 1,
  workers: 1,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['html', { outputFolder: 'artifacts/report', open: 'never' }],
    ['json', { outputFile: 'artifacts/results.json' }],
  ],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    viewport: { width: 1280, height: 860 },
    // As long as a browser action or navigation waited before (Playwright's library default).
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
