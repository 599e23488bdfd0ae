import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { admin } from '../support/admin';
import { journey } from '../support/journey';

const run = journey('lifecycle', {
  // The e2e server runs as production, where the local mailbox is off unless asked for.
  env: { MAILBOX: 'true' },
});

let counter = 0;
const newEmail = () => `life-${Date.now().toString(36)}-${++counter}@example.com`;

/** Opens `path` on `page` and waits until its socket has been greeted, so live events reach it. */
async function openLive(page: Page, path: string): Promise<void> {
  const socketOpen = page.waitForEvent('websocket');
  await page.goto(`${run.server.baseUrl}${path}`);
  const socket = await socketOpen;
  await socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"'));
}

describe('account lifecycle', () => {
  it('a new fan confirms they are 18 or older and accept the terms to sign up', async () => {
    const email = newEmail();
    const login = new LoginPage(run.page, run.server.baseUrl);
    await login.open();
    await run.page.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.submitButton().click();
    await login
      .alert()
      .filter({ hasText: 'Please confirm you are 18 or older and accept the terms to create an account.' })
      .waitFor();

    // The terms are one click away, and the way back keeps the form.
    await login.adultAndTerms().locator('..').getByRole('link', { name: 'Terms of Service' }).click();
    await run.page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(await run.page.getByText('You must be 18 or older.').isVisible()).toBe(true);
    await run.page.goBack();

    await login.requestLink(email);
    const mailbox = new MailboxPage(await run.context.newPage(), run.server.baseUrl);
    await run.page.goto(await mailbox.signInLink(email));
    await mailbox.page.close();
    await new OnboardingPopups(run.page).dialog('Verify your email').waitFor();
    expect(await run.page.evaluate(() => window.localStorage.getItem('auth-token'))).not.toBeNull();
  });

  it('terminating an account shows every open tab the terminated popup and refuses its sign-in', async () => {
    const email = newEmail();
    const login = new LoginPage(run.page, run.server.baseUrl);
    await login.open();
    await login.requestLink(email);
    const mailbox = new MailboxPage(await run.context.newPage(), run.server.baseUrl);
    await run.page.goto(await mailbox.signInLink(email));
    await run.page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    await mailbox.page.close();

    const other = await run.context.newPage();
    await openLive(run.page, '/discover');
    await openLive(other, '/account');

    await admin(run.server.dataDir, ['terminate', email]);
    for (const tab of [run.page, other]) {
      await new OnboardingPopups(tab).dialog('Your account has been terminated').waitFor();
    }
    await other.close();

    // A fresh browser asking for a link is refused with the spec's words.
    const elsewhere = await run.browser.newContext();
    try {
      const fresh = new LoginPage(await elsewhere.newPage(), run.server.baseUrl);
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
