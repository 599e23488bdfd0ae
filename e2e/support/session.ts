import type { Browser, Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import type { RunningServer } from './server';
import { codeAt, stepNow } from './totp';

/** Signing people in through the local mailbox, and calling the API as them, on one server. */
export function sessions(server: RunningServer, browser: Browser) {
  /**
   * Signs `email` in on `page` through the emailed link, and with the code of their authenticator
   * app when they have one (`totpSecret`); answers their access token.
   */
  async function signIn(page: Page, email: string, totpSecret?: string): Promise<string> {
    const login = new LoginPage(page, server.baseUrl);
    await login.open();
    await login.requestLink(email);
    const mailbox = new MailboxPage(await page.context().newPage(), server.baseUrl);
    await page.goto(await mailbox.signInLink(email));
    if (totpSecret) {
      await login.heading('Confirm it’s you').waitFor();
      await page.getByRole('textbox', { name: 'Authenticator code' }).fill(codeAt(totpSecret, stepNow()));
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
    await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    await mailbox.page.close();
    return (await page.evaluate(() => window.localStorage.getItem('auth-token'))) ?? '';
  }

  /** Someone's session for set-up calls and checks, signed in in a browser context of its own. */
  async function tokenOf(email: string): Promise<string> {
    const context = await browser.newContext();
    try {
      return await signIn(await context.newPage(), email);
    } finally {
      await context.close();
    }
  }

  /** One API call as the token's owner; JSON or a multipart form; anything but 2xx throws. */
  async function api<T>(token: string, method: string, path: string, body?: object | FormData): Promise<T> {
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'access-token': token, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return { signIn, tokenOf, api };
}

export type Sessions = ReturnType<typeof sessions>;
