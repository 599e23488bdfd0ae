import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { VaultPage } from '../pages/vault-page';
import { admin } from '../support/admin';
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
  server = await startServer('vault', { MAILBOX: 'true' });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  page = await context.newPage();
});

afterEach(async () => {
  const name = expect.getState().currentTestName?.replace(/\W+/g, '-') ?? 'test';
  await page.screenshot({ path: join(artifactsDir, `${name}.png`) }).catch(() => undefined);
  await context.close();
});

/** A 4 x 4 red PNG (made with sharp), small enough to write out here. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGM4Y2wMRwzEcQD7ExMhLF3NIwAAAABJRU5ErkJggg==',
  'base64',
);

describe('vault journeys', () => {
  it('a creator uploads a photo to the vault, watching its progress, and sees its thumbnail', async () => {
    const email = `creator-${Date.now().toString(36)}@example.com`;
    const login = new LoginPage(page, server.baseUrl);
    await login.open();
    await login.requestLink(email);
    const mailbox = new MailboxPage(await context.newPage(), server.baseUrl);
    await page.goto(await mailbox.signInLink(email));
    await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    await admin(server.dataDir, ['make-creator', email]);
    await admin(server.dataDir, ['approve', email]);

    const vault = new VaultPage(page, server.baseUrl);
    await vault.open();
    await page.getByRole('heading', { name: 'Your vault is empty' }).waitFor();

    // Hold the upload's answer until the progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/media', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      return route.fallback();
    });
    await vault.choose({ name: 'dot.png', mimeType: 'image/png', buffer: tinyPng });
    await vault.progress('dot.png').waitFor();
    release();

    const thumb = vault.grid().getByRole('img', { name: 'Photo 1' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/\/media\/.+\/th\.jpg$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Photo 1"]');
      return img?.complete === true && img.naturalWidth > 0;
    });
    expect(await vault.progress('dot.png').count()).toBe(0);
  });
});
