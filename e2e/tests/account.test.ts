import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { SettingsPage } from '../pages/settings-page';
import { ShellPage } from '../pages/shell-page';
import { admin } from '../support/admin';
import { journey } from '../support/journey';

const run = journey('account', {
  // The e2e server runs as production, where the local mailbox is off unless asked for.
  env: { MAILBOX: 'true' },
});

let counter = 0;
const newEmail = () => `fan-${Date.now().toString(36)}-${++counter}@example.com`;

/** A new fan signs in with the link from the mailbox (opened in a second tab, as a person would). */
async function signInNewFan(email: string): Promise<MailboxPage> {
  const login = new LoginPage(run.page, run.server.baseUrl);
  await login.open();
  await login.requestLink(email);
  const mailbox = new MailboxPage(await run.context.newPage(), run.server.baseUrl);
  await run.page.goto(await mailbox.signInLink(email));
  return mailbox;
}

const accessToken = (p: Page) => p.evaluate(() => window.localStorage.getItem('auth-token'));

describe('account journeys', () => {
  it('a new fan signs in from the mailbox, verifies the email, changes settings, reloads and logs out', async () => {
    const email = newEmail();
    const mailbox = await signInNewFan(email);
    const popups = new OnboardingPopups(run.page);

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

    const shell = new ShellPage(run.page, run.server.baseUrl);
    await shell.navigate('Account');
    await run.page
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const settings = new SettingsPage(run.page);
    const before = {
      invisible: await settings.switch(/Invisible profile/).isChecked(),
      news: await settings.switch(/News and offers/).isChecked(),
      intro: await settings.switch(/Intro chats/).isChecked(),
    };
    await settings.toggle(/Invisible profile/);
    await settings.toggle(/News and offers/);

    await run.page.reload();
    await settings.switch(/Invisible profile/).waitFor();
    expect({
      invisible: await settings.switch(/Invisible profile/).isChecked(),
      news: await settings.switch(/News and offers/).isChecked(),
      intro: await settings.switch(/Intro chats/).isChecked(),
    }).toEqual({ invisible: !before.invisible, news: !before.news, intro: before.intro });
    // Still signed in, and nothing left to prompt for.
    expect(await run.page.getByRole('complementary', { name: 'Notices' }).count()).toBe(0);

    const token = await accessToken(run.page);
    expect(token).toHaveLength(43);
    await run.page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await new LoginPage(run.page, run.server.baseUrl).heading('Sign in to Cove').waitFor();
    expect(await accessToken(run.page)).toBeNull();
    const me = await fetch(`${run.server.baseUrl}/v1/users/me`, { headers: { 'access-token': token ?? '' } });
    expect(me.status).toBe(401);
  });

  it('a ban reaches the open page over the socket: terminated popup, signed out, then home', async () => {
    const email = newEmail();
    await signInNewFan(email);
    const popups = new OnboardingPopups(run.page);
    await popups.dialog('Verify your email').waitFor();
    // The page's socket is up once the server counts the fan online; then a support action bans them.
    await run.page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    const socketOpen = run.page.waitForEvent('websocket');
    await run.page.reload();
    const socket = await socketOpen;
    await socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"'));

    await admin(run.server.dataDir, ['ban', email]);
    await popups.dialog('Your account has been terminated').waitFor();
    await run.page.waitForURL(`${run.server.baseUrl}/discover`);
    expect(await accessToken(run.page)).toBeNull();
    await run.page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  });
});
