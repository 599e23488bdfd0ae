import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium } from './chromium';
import { artifactsDir, assertBuilt } from './paths';
import { type RunningServer, startServer } from './server';

export interface Journey {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The hooks every journey file shares: one built server and one Chromium for the file, a fresh
 * context and page per test, and a screenshot of how each test ended in e2e/artifacts. The returned
 * object's fields are filled in by those hooks, so read them inside tests only.
 */
export function journey(
  name: string,
  opts: { env?: Record<string, string>; context?: BrowserContextOptions } = {},
): Journey {
  const run = {} as Journey;
  beforeAll(async () => {
    assertBuilt();
    run.browser = await launchChromium();
    run.server = await startServer(name, opts.env);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.stop();
  });
  beforeEach(async () => {
    run.context = await run.browser.newContext(opts.context ?? { viewport: { width: 1280, height: 860 } });
    run.page = await run.context.newPage();
  });
  afterEach(async () => {
    // The file's set-up failed and said why; there is no page to record or context to close.
    if (!run.browser || !run.server) return;
    const test = expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'test';
    await run.page.screenshot({ path: join(artifactsDir, `${test}.png`) }).catch(() => undefined);
    await run.context.close();
  });
  return run;
}
