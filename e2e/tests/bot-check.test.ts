import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { launchChromium } from '../support/chromium';
import { artifactsDir, assertBuilt } from '../support/paths';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  assertBuilt();
  browser = await launchChromium();
  // The test double of the bot check: only the answer a ticked 'I'm not a robot' box gives passes.
  server = await startServer('bot-check', { BOT_CHECK: 'fake' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  // A phone-sized window: the check must fit and work there too.
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  page = await context.newPage();
});

afterEach(async () => {
  const name = expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'test';
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) }).catch(() => undefined);
  await context.close();
});

describe('sign-in bot check', () => {
  it('refuses a sign-in without the tick, with the server’s words, and sends the link once ticked', async () => {
    const login = new LoginPage(page, server.baseUrl);
    await login.open();
    await login.notARobot().waitFor();

    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill(`bot-check-${Date.now().toString(36)}@example.com`);
    await login.submitButton().click();
    await login.alert().filter({ hasText: 'Please confirm you are human and try again.' }).waitFor();
    expect(await login.heading('Sign in to Cove').isVisible()).toBe(true);

    // Ticked from the keyboard: Tab from the address to the box, Space to tick it.
    await email.focus();
    await page.keyboard.press('Tab');
    expect(await login.notARobot().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await login.notARobot().isChecked()).toBe(true);

    await login.submitButton().click();
    await login.heading('Check your email').waitFor();
  });
});
