import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { expect, test } from '../support/fixtures';
import { codeAfter, codeAt, stepNow } from '../support/totp';

test.use({ serverOptions: { name: 'second-factor', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// A demo creator who has no payout method and no authenticator app yet.
const creatorEmail = 'theo-vance@demo.cove.test';

test('a creator turns on an authenticator app, then needs its code to change her payout method and to sign in again', async ({
  page,
  browser,
  server,
  session,
}) => {
  await session.signIn(page, creatorEmail);

  // Her overview offers it until it is on.
  await page.goto(`${server.baseUrl}/account`);
  const offer = page.getByRole('region', { name: 'Protect your earnings' });
  await offer.getByRole('link', { name: 'Set up a second factor' }).click();
  await page.waitForURL(/\/account\/security$/);

  // Setup: the QR code and the key she would scan or type; the test reads the key off the screen.
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Cove to your app' })).toBeVisible();
  const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  let step = stepNow();
  await page.getByRole('textbox', { name: 'Code from your app' }).fill(codeAt(secret, step));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I saved my recovery codes' }).click();
  await expect(
    page.getByText('On: signing in and payout changes ask for a code from your app.'),
  ).toBeVisible();
  // This device is listed, and marked.
  await expect(
    page.getByRole('list', { name: 'Sessions' }).getByRole('listitem', { name: /, this device$/ }),
  ).toBeVisible();

  // The payout method: no email code any more, the app's code instead.
  await page.goto(`${server.baseUrl}/account/earnings/payout-method`);
  const methodForm = page.getByRole('form', { name: 'Add a payout method' });
  await methodForm.getByRole('radio', { name: 'PayPal' }).check();
  await methodForm.getByLabel('PayPal email').fill('theo.payouts@example.com');
  await expect(methodForm.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  const codeField = methodForm.getByRole('textbox', { name: 'Code from your authenticator app' });
  await codeField.fill('000000');
  await methodForm.getByRole('button', { name: 'Save payout method' }).click();
  await expect(methodForm.getByRole('alert')).toContainText('That code is not right.');
  const forMethod = await codeAfter(secret, step);
  step = forMethod.step;
  await codeField.fill(forMethod.code);
  await methodForm.getByRole('button', { name: 'Save payout method' }).click();
  await page.getByText('Saved: your payouts now go to PayPal · t•••@example.com.').waitFor();

  // Signing in again, on another device: the link alone is not enough.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const phone = await other.newPage();
    const login = new LoginPage(phone, server.baseUrl);
    await login.open();
    await login.requestLink(creatorEmail);
    const mailbox = new MailboxPage(await other.newPage(), server.baseUrl);
    await phone.goto(await mailbox.signInLink(creatorEmail));
    await login.heading('Confirm it’s you').waitFor();
    expect(await phone.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();
    const field = phone.getByRole('textbox', { name: 'Authenticator code' });
    // The code already used for the payout method is refused: codes work once.
    await field.fill(codeAt(secret, step));
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await expect(phone.getByRole('alert')).toContainText('This code was already used.');
    const forSignIn = await codeAfter(secret, step);
    await field.fill(forSignIn.code);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);

    // The first device sees the new session and signs it out.
    await page.goto(`${server.baseUrl}/account/security`);
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sign out of other devices' }).click();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    // The phone's open page learns it at once: its socket closes and it is back at sign-in.
    await login.heading('Sign in to Cove').waitFor();
  } finally {
    await other.close();
  }
});
