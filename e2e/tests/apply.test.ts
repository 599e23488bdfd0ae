import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { ShellPage } from '../pages/shell-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { codeAt, stepNow } from '../support/totp';

test.use({ serverOptions: { name: 'apply', env: { MAILBOX: 'true' } } });

const tag = Date.now().toString(36);

/** A new fan signs up on `page` and goes through the onboarding popups, ending on discover. */
async function newFan(page: Page, baseUrl: string, email: string, username: string): Promise<void> {
  const login = new LoginPage(page, baseUrl);
  await login.open();
  await login.requestLink(email);
  const mailbox = new MailboxPage(await page.context().newPage(), baseUrl);
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

/** The smallest real PNG (one red pixel): the identity page processes it like any photo. */
const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

test.describe('becoming a creator', () => {
  test('a new fan applies, passes the identity check, staff approve, and the open page turns creator live', async ({
    page,
    browser,
    server,
  }) => {
    const applicant = `star${tag}`;
    await newFan(page, server.baseUrl, `${applicant}@example.com`, applicant);

    // The spec's /apply leads to the form in the account area.
    await page.goto(`${server.baseUrl}/apply`);
    const form = page.getByRole('form', { name: 'Creator application' });
    await form.getByRole('textbox', { name: 'Bio' }).fill('Songs and sketches, a new one every week.');
    await form.getByLabel('Date of birth').fill('1992-03-14');
    await form.getByRole('textbox', { name: 'Country' }).fill('nl');
    await form.getByRole('button', { name: 'Send application' }).click();

    await page.getByRole('button', { name: 'Start the identity check' }).click();
    await page.getByRole('link', { name: 'Open the identity check' }).click();

    // The sandbox identity provider's page; its answer brings the person back to /apply.
    await page.getByRole('heading', { name: 'Verify your identity', level: 1 }).waitFor();
    // The photo uploads as soon as it is chosen; "verified" needs it.
    await page.getByLabel('Photo of your ID document (front)').setInputFiles({
      name: 'id.png',
      mimeType: 'image/png',
      buffer: Buffer.from(onePixelPng, 'base64'),
    });
    await page.getByText('Uploaded.').waitFor();
    // The page it comes back to opens its socket; once greeted, live events reach it.
    const greeted = page
      .waitForEvent('websocket')
      .then((socket) => socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"')));
    await page.getByRole('button', { name: 'Submit: ID verified' }).click();
    await page.getByRole('heading', { name: 'Your application is in review' }).waitFor();
    await greeted;
    const shell = new ShellPage(page, server.baseUrl);
    expect(await shell.header.getByRole('link', { name: 'Earnings' }).count()).toBe(0);

    // A staff member approves on the Applications page.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    try {
      const staffPage = await staffContext.newPage();
      const staff = `staff${tag}`;
      await newFan(staffPage, server.baseUrl, `${staff}@example.com`, staff);
      await admin(server.dataDir, ['grant-staff', `${staff}@example.com`]);
      // Staff must have an authenticator app: a staff session without one is led to set it up first.
      await staffPage.goto(`${server.baseUrl}/account/applications`);
      await staffPage.waitForURL(/\/account\/security$/);
      await staffPage.getByRole('button', { name: 'Set up an authenticator app' }).click();
      const secret = ((await staffPage.getByLabel('Setup key').textContent()) ?? '').trim();
      await staffPage.getByRole('textbox', { name: 'Code from your app' }).fill(codeAt(secret, stepNow()));
      await staffPage.getByRole('button', { name: 'Verify and turn on' }).click();
      await staffPage.getByRole('button', { name: 'I saved my recovery codes' }).click();
      await staffPage.goto(`${server.baseUrl}/account/applications`);
      const entry = staffPage.getByRole('listitem', { name: applicant });
      await entry.getByText('ID verified').waitFor();
      await entry.getByRole('button', { name: `Approve ${applicant}` }).click();
      // Every staff decision asks why, for the audit log.
      const decision = staffPage.getByRole('dialog', { name: `Approve ${applicant}` });
      await decision.getByLabel('Reason (kept in the audit log)').fill('ID matches the selfie.');
      await decision.getByRole('button', { name: 'Approve' }).click();
      await entry.waitFor({ state: 'detached' });
    } finally {
      await staffContext.close();
    }

    // The applicant's open page: the verified popup, then the creator's menu, without a reload.
    const verified = page.getByRole('dialog', { name: 'Your account is verified' });
    await verified.waitFor();
    await verified.getByRole('button', { name: 'OK' }).click();
    await shell.header.getByRole('link', { name: 'Earnings' }).waitFor();
    await shell.header.getByRole('link', { name: 'My profile' }).waitFor();
    await page.getByText('You are a creator').waitFor();

    // Staff take broadcasting away and give it back: the composer's way in follows, without a reload.
    await shell.navigate('Chats');
    const broadcastLink = page.getByRole('link', { name: 'Broadcast', exact: true });
    await broadcastLink.waitFor();
    const email = `${applicant}@example.com`;
    await admin(server.dataDir, ['feature', email, 'broadcast', 'off']);
    await broadcastLink.waitFor({ state: 'detached' });
    await admin(server.dataDir, ['feature', email, 'broadcast', 'on']);
    await broadcastLink.waitFor();
  });
});
