import type { Page } from 'playwright-core';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { ShellPage } from '../pages/shell-page';
import { admin } from '../support/admin';
import { journey } from '../support/journey';

const run = journey('apply', { env: { MAILBOX: 'true' } });

const tag = Date.now().toString(36);

/** A new fan signs up on `page` and goes through the onboarding popups, ending on discover. */
async function newFan(page: Page, email: string, username: string): Promise<void> {
  const login = new LoginPage(page, run.server.baseUrl);
  await login.open();
  await login.requestLink(email);
  const mailbox = new MailboxPage(await page.context().newPage(), run.server.baseUrl);
  await page.goto(await mailbox.signInLink(email));
  await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
  const popups = new OnboardingPopups(page);
  await popups.enterCode(await mailbox.verificationCode(email));
  await mailbox.page.close();
  await popups.continueAfterVerified();
  await popups.chooseUsername(username);
  await popups.chooseGender('Woman');
  await popups
    .dialog(`Welcome to Cove, ${username}`)
    .getByRole('button', { name: 'Start exploring' })
    .click();
}

describe('becoming a creator', () => {
  it('a new fan applies, passes the identity check, staff approve, and the open page turns creator live', async () => {
    const applicant = `star${tag}`;
    await newFan(run.page, `${applicant}@example.com`, applicant);

    // The spec's /apply leads to the form in the account area.
    await run.page.goto(`${run.server.baseUrl}/apply`);
    const form = run.page.getByRole('form', { name: 'Creator application' });
    await form.getByRole('textbox', { name: 'Bio' }).fill('Songs and sketches, a new one every week.');
    await form.getByLabel('Date of birth').fill('1992-03-14');
    await form.getByRole('textbox', { name: 'Country' }).fill('nl');
    await form.getByRole('button', { name: 'Send application' }).click();

    await run.page.getByRole('button', { name: 'Start the identity check' }).click();
    await run.page.getByRole('link', { name: 'Open the identity check' }).click();

    // The sandbox identity provider's page; its answer brings the person back to /apply.
    await run.page.getByRole('heading', { name: 'Verify your identity', level: 1 }).waitFor();
    await run.page.getByLabel('Photo of your ID document').setInputFiles({
      name: 'id.png',
      mimeType: 'image/png',
      buffer: Buffer.from('sandbox'),
    });
    // The page it comes back to opens its socket; once greeted, live events reach it.
    const greeted = run.page
      .waitForEvent('websocket')
      .then((socket) => socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"')));
    await run.page.getByRole('button', { name: 'Submit: ID verified' }).click();
    await run.page.getByRole('heading', { name: 'Your application is in review' }).waitFor();
    await greeted;
    const shell = new ShellPage(run.page, run.server.baseUrl);
    expect(await shell.header.getByRole('link', { name: 'Earnings' }).count()).toBe(0);

    // A staff member approves on the Applications page.
    const staffContext = await run.browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const staffPage = await staffContext.newPage();
      const staff = `staff${tag}`;
      await newFan(staffPage, `${staff}@example.com`, staff);
      await admin(run.server.dataDir, ['grant-staff', `${staff}@example.com`]);
      await staffPage.goto(`${run.server.baseUrl}/account/applications`);
      const entry = staffPage.getByRole('listitem', { name: applicant });
      await entry.getByText('ID verified').waitFor();
      await entry.getByRole('button', { name: `Approve ${applicant}` }).click();
      await entry.waitFor({ state: 'detached' });
    } finally {
      await staffContext.close();
    }

    // The applicant's open page: the verified popup, then the creator's menu, without a reload.
    const verified = run.page.getByRole('dialog', { name: 'Your account is verified' });
    await verified.waitFor();
    await verified.getByRole('button', { name: 'OK' }).click();
    await shell.header.getByRole('link', { name: 'Earnings' }).waitFor();
    await shell.header.getByRole('link', { name: 'My profile' }).waitFor();
    await run.page.getByText('You are a creator').waitFor();

    // Staff take broadcasting away and give it back: the composer's way in follows, without a reload.
    await shell.navigate('Chats');
    const broadcastLink = run.page.getByRole('link', { name: 'Broadcast', exact: true });
    await broadcastLink.waitFor();
    const email = `${applicant}@example.com`;
    await admin(run.server.dataDir, ['feature', email, 'broadcast', 'off']);
    await broadcastLink.waitFor({ state: 'detached' });
    await admin(run.server.dataDir, ['feature', email, 'broadcast', 'on']);
    await broadcastLink.waitFor();
  });
});
