import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { SettingsPage } from '../pages/settings-page';
import { ShellPage } from '../pages/shell-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';

test.use({
  // The e2e server runs as production, where the local mailbox is off unless asked for.
  serverOptions: { name: 'account', env: { MAILBOX: 'true' } },
});

let counter = 0;
const newEmail = () => `fan-${Date.now().toString(36)}-${++counter}@example.com`;

/** A new fan signs in with the link from the mailbox (opened in a second tab, as a person would). */
async function signInNewFan(page: Page, baseUrl: string, email: string): Promise<MailboxPage> {
  const login = new LoginPage(page, baseUrl);
  await login.open();
  await login.requestLink(email);
  const mailbox = new MailboxPage(await page.context().newPage(), baseUrl);
  await page.goto(await mailbox.signInLink(email));
  return mailbox;
}

const accessToken = (p: Page) => p.evaluate(() => window.localStorage.getItem('auth-token'));

test.describe('account journeys', () => {
  test('a new fan signs in from the mailbox, verifies the email, changes settings, reloads and logs out', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    const mailbox = await signInNewFan(page, server.baseUrl, email);
    const popups = new OnboardingPopups(page);

    // The link signs in, and the app asks for the code the server mailed meanwhile.
    await popups.dialog('Verify your email').waitFor();
    await popups.enterCode(await mailbox.verificationCode(email));
    await popups.continueAfterVerified();
    const username = `fan${Date.now().toString(36)}`;
    await popups.chooseUsername(username);
    await popups.chooseGender('Man');
    await popups
      .dialog(`Welcome to Cove, ${username}`)
      .getByRole('button', { name: 'Start exploring' })
      .click();

    const shell = new ShellPage(page, server.baseUrl);
    await shell.navigate('Account');
    await page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const settings = new SettingsPage(page);
    const before = {
      invisible: await settings.switch(/Invisible profile/).isChecked(),
      news: await settings.switch(/News and offers/).isChecked(),
      intro: await settings.switch(/Intro chats/).isChecked(),
    };
    await settings.toggle(/Invisible profile/);
    await settings.toggle(/News and offers/);

    await page.reload();
    await settings.switch(/Invisible profile/).waitFor();
    expect({
      invisible: await settings.switch(/Invisible profile/).isChecked(),
      news: await settings.switch(/News and offers/).isChecked(),
      intro: await settings.switch(/Intro chats/).isChecked(),
    }).toEqual({ invisible: !before.invisible, news: !before.news, intro: before.intro });
    // Still signed in, and nothing left to prompt for: only the nudge towards a first chat.
    const notices = page.getByRole('complementary', { name: 'Notices' });
    await expect(notices.getByRole('status')).toHaveText([/Start your first chat/]);

    const token = await accessToken(page);
    expect(token).toHaveLength(43);
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await new LoginPage(page, server.baseUrl).heading('Sign in to Cove').waitFor();
    expect(await accessToken(page)).toBeNull();
    const me = await fetch(`${server.baseUrl}/v1/users/me`, { headers: { 'access-token': token ?? '' } });
    expect(me.status).toBe(401);
  });

  test('a ban reaches the open page over the socket: terminated popup, signed out, then home', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    await signInNewFan(page, server.baseUrl, email);
    const popups = new OnboardingPopups(page);
    await popups.dialog('Verify your email').waitFor();
    // The page's socket is up once the server counts the fan online; then a support action bans them.
    await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    const socketOpen = page.waitForEvent('websocket');
    await page.reload();
    const socket = await socketOpen;
    await socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"'));

    await admin(server.dataDir, ['ban', email]);
    await popups.dialog('Your account has been terminated').waitFor();
    await page.waitForURL(`${server.baseUrl}/discover`);
    expect(await accessToken(page)).toBeNull();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  });
});
