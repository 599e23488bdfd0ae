import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { expect, test } from '../support/fixtures';

test.use({
  serverOptions: { name: 'passkeys', env: { MAILBOX: 'true', SEED_DEMO: 'true' }, hostname: 'localhost' },
});

// A demo creator who has no payout method and no second factor yet.
const creatorEmail = 'ivy-moon@demo.cove.test';

/**
 * Chromium's virtual authenticator (over CDP): a platform authenticator with user verification that
 * answers every passkey prompt of this page at once, as a laptop's fingerprint reader would.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('a creator adds a passkey, signs in with the link and the passkey, and confirms her payout method with it', async ({
  page,
  server,
  session,
}) => {
  const authenticator = await virtualAuthenticator(page);
  await session.signIn(page, creatorEmail);

  // Adding it: a name, the browser's prompt, and the recovery codes shown once (her first factor).
  await page.goto(`${server.baseUrl}/account/security`);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  // The first screen of a new server waits for the demo world being made.
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible({ timeout: 20_000 });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('textbox', { name: 'Name for the new passkey' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await passkeys.getByRole('textbox', { name: 'Name for the new passkey' }).fill('Work laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await passkeys.getByRole('button', { name: 'I saved my recovery codes' }).click();
  const laptop = passkeys
    .getByRole('list', { name: 'Your passkeys' })
    .getByRole('listitem', { name: 'Work laptop' });
  await expect(laptop).toContainText('not used yet');
  expect(await authenticator.credentials()).toHaveLength(1);

  // Signing out, and in again: the link alone is not enough, the passkey finishes it.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  const login = new LoginPage(page, server.baseUrl);
  await login.open();
  await login.requestLink(creatorEmail);
  const mailbox = new MailboxPage(await page.context().newPage(), server.baseUrl);
  await page.goto(await mailbox.signInLink(creatorEmail));
  await mailbox.page.close();
  await login.heading('Confirm it’s you').waitFor();
  expect(await page.evaluate(() => window.localStorage.getItem('auth-token'))).toBeNull();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);

  // The payout method: no emailed code, and a code or her passkey confirms the change.
  await page.goto(`${server.baseUrl}/account/earnings/payout-method`);
  const methodForm = page.getByRole('form', { name: 'Add a payout method' });
  await methodForm.getByRole('radio', { name: 'PayPal' }).check();
  await methodForm.getByLabel('PayPal email').fill('ivy.payouts@example.com');
  await expect(methodForm.getByRole('button', { name: 'Send code' })).toHaveCount(0);
  // Without the passkey, a made-up code is refused and nothing is saved.
  await methodForm.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('000000');
  await methodForm.getByRole('button', { name: 'Save payout method' }).click();
  await expect(methodForm.getByRole('alert')).toContainText('That code is not right.');
  await methodForm.getByRole('button', { name: 'Use a passkey' }).click();
  await page.getByText('Saved: your payouts now go to PayPal · i•••@example.com.').waitFor();

  // The security screen shows when it was last used.
  await page.goto(`${server.baseUrl}/account/security`);
  await expect(
    page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem', { name: 'Work laptop' }),
  ).toContainText('last used');
});
