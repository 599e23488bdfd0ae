import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';

test.use({
  // The e2e server runs as production, where the local mailbox is off unless asked for.
  serverOptions: { name: 'lifecycle', env: { MAILBOX: 'true' } },
});

let counter = 0;
const newEmail = () => `life-${Date.now().toString(36)}-${++counter}@example.com`;

/** Opens `url` on `page` and waits until its socket has been greeted, so live events reach it. */
async function openLive(page: Page, url: string): Promise<void> {
  const socketOpen = page.waitForEvent('websocket');
  await page.goto(url);
  const socket = await socketOpen;
  await socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"'));
}

test.describe('account lifecycle', () => {
  test('a new fan confirms they are 18 or older and accept the terms to sign up', async ({
    page,
    context,
    server,
  }) => {
    const email = newEmail();
    const login = new LoginPage(page, server.baseUrl);
    await login.open();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.submitButton().click();
    await login
      .alert()
      .filter({ hasText: 'Please confirm you are 18 or older and accept the terms to create an account.' })
      .waitFor();

    // The terms are one click away, and the way back keeps the form.
    await login.adultAndTerms().locator('..').getByRole('link', { name: 'Terms of Service' }).click();
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await page.getByText('You must be 18 or older.').isVisible()).toBe(true);
    await page.goBack();

    await login.requestLink(email);
    const mailbox = new MailboxPage(await context.newPage(), server.baseUrl);
    await page.goto(await mailbox.signInLink(email));
    await mailbox.page.close();
    await new OnboardingPopups(page).dialog('Verify your email').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).not.toBeNull();
  });

  test('terminating an account shows every open tab the terminated popup and refuses its sign-in', async ({
    page,
    context,
    browser,
    server,
    session,
  }) => {
    const email = newEmail();
    await session.signIn(page, email);

    const other = await context.newPage();
    await openLive(page, `${server.baseUrl}/discover`);
    await openLive(other, `${server.baseUrl}/account`);

    await admin(server.dataDir, ['terminate', email]);
    for (const tab of [page, other]) {
      await new OnboardingPopups(tab).dialog('Your account has been terminated').waitFor();
    }
    await other.close();

    // A fresh browser asking for a link is refused with the spec's words.
    const elsewhere = await browser.newContext();
    try {
      const fresh = new LoginPage(await elsewhere.newPage(), server.baseUrl);
      await fresh.open();
      await fresh.page.getByRole('textbox', { name: 'Email' }).fill(email);
      await fresh.submitButton().click();
      await fresh.page
        .locator('form')
        .getByRole('alert')
        .filter({ hasText: 'Your account has been temporarily suspended for violating the rules.' })
        .waitFor();
    } finally {
      await elsewhere.close();
    }
  });
});
