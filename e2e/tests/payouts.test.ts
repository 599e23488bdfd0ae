import { mkdirSync } from 'node:fs';
import { formatMoney, headlessBrowserInfo } from '@cove/contracts';
import type { Page } from '@playwright/test';
import { MailboxPage } from '../pages/mailbox-page';
import { expect, test } from '../support/fixtures';
import type { Sessions } from '../support/session';
import { shotsDir } from '../support/images';

// No hold, so what a fan pays the creator is hers to request at once (docs/rules.md, Hold).
test.use({
  serverOptions: { name: 'payouts', env: { MAILBOX: 'true', SEED_DEMO: 'true', EARNINGS_HOLD_DAYS: '0' } },
});

// The demo world's luna-rivers has earned from several sources over the month, been paid out once
// and referred nova-lake (server/src/seed/demo-earnings.ts).
const lunaEmail = 'luna-rivers@demo.cove.test';
// Demo people: a creator who has never been paid out and has no payout method, and a fan who has
// never bought credits.
const creatorEmail = 'mira-kent@demo.cove.test';
const fanEmail = 'sam-fan@demo.cove.test';

interface Totals {
  available: number;
  in_payout: number;
}

/** The fan buys credits with the sandbox's test Visa and tips the creator `amount` in their chat. */
async function fanTips({ tokenOf, api }: Sessions, creatorId: string, amount: number): Promise<void> {
  const fan = await tokenOf(fanEmail);
  const card = await api<{ token: string }>(fan, 'POST', '/sandbox/v1/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    cvc: '123',
  });
  await api(fan, 'POST', '/v1/payment', {
    amount: 1000,
    success_url: '/account/get-credits',
    fail_url: '/account/get-credits',
    browser_info: headlessBrowserInfo('e2e'),
    card_token: card.token,
    idempotency_key: `e2e-payouts-${Date.now().toString(36)}`,
  });
  await api(fan, 'POST', '/v1/chat', { recipient_id: creatorId });
  const chat = await api<{ data: { chat_id: string } }>(fan, 'GET', `/v1/chat?recipient_id=${creatorId}`);
  await api(fan, 'POST', '/v1/messages/tip', {
    chat_id: chat.data.chat_id,
    amount,
    send_id: `e2e-payouts-tip-${Date.now().toString(36)}`,
  });
}

/** The summary's figure under `label`, such as `$36.40`. */
const figure = (page: Page, label: string) =>
  page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('payout journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a creator with earnings sets PayPal with the email code, requests a payout, sees it pending then completed with the popup', async ({
    page,
    server,
    session,
  }) => {
    const { signIn, api } = session;
    const token = await signIn(page, creatorEmail);
    const creatorId = (await api<{ _id: string }>(token, 'GET', '/v1/users/me'))._id;
    await fanTips(session, creatorId, 500);
    const before = await api<Totals>(token, 'GET', '/v1/account/totals');
    expect(before.available).toBeGreaterThanOrEqual(400);

    // The payout method, behind the code mailed to the creator.
    await page.goto(`${server.baseUrl}/account/earnings/payout-method`);
    const methodForm = page.getByRole('form', { name: 'Add a payout method' });
    await methodForm.getByRole('radio', { name: 'PayPal' }).check();
    await methodForm.getByLabel('PayPal email').fill('mira.payouts@example.com');
    await methodForm.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('We sent a 4-digit code to').waitFor();
    const mailbox = new MailboxPage(await page.context().newPage(), server.baseUrl);
    const code = await mailbox.verificationCode(creatorEmail);
    await mailbox.page.close();
    const codeBoxes = page.getByRole('group', { name: 'Code from the email' });
    for (const [i, digit] of [...code].entries())
      await codeBoxes.getByRole('textbox', { name: `Digit ${i + 1}` }).fill(digit);
    await page.getByRole('button', { name: 'Save payout method' }).click();
    await page.getByText('Saved: your payouts now go to PayPal · m•••@example.com.').waitFor();

    // A $25.00 payout (250 credits): pending at once, completed by the sandbox about 2 s later, with the popup.
    await page
      .getByRole('navigation', { name: 'Earnings sections' })
      .getByRole('link', { name: 'Payouts', exact: true })
      .click();
    await page.getByLabel('Amount in dollars').fill('25');
    await page.getByText(`You are requesting ${formatMoney(250)}.`).waitFor();
    await page.getByRole('button', { name: 'Request payout' }).click();
    const history = page.getByRole('list', { name: 'Payout history' });
    await history.getByRole('listitem', { name: `${formatMoney(250)}, Pending` }).waitFor();
    const popup = page.getByRole('dialog', { name: 'Payout completed' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByText(`${formatMoney(250)} is on its way to you.`).waitFor();
    await history.getByRole('listitem', { name: `${formatMoney(250)}, Completed` }).waitFor();
    // Its own Close, not the corner's ×.
    await popup.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });

    // The summary: available lowered by the payout.
    await page
      .getByRole('navigation', { name: 'Earnings sections' })
      .getByRole('link', { name: 'Summary', exact: true })
      .click();
    await figure(page, 'Available')
      .getByText(formatMoney(before.available - 250), { exact: true })
      .waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotsDir}/payouts-summary-after-1280.png`, fullPage: true });
  });

  test("the demo creator's earnings are there at her first sign-in: a month by source, a payout and a referral", async ({
    page,
    server,
    session,
  }) => {
    const { signIn } = session;
    await signIn(page, lunaEmail);
    await page.goto(`${server.baseUrl}/account/earnings/summary`);
    await page.getByRole('heading', { name: 'Last 30 days' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shotsDir}/payouts-demo-summary-1280.png`, fullPage: true });
    const sections = page.getByRole('navigation', { name: 'Earnings sections' });
    await sections.getByRole('link', { name: 'Payouts', exact: true }).click();
    await page
      .getByRole('list', { name: 'Payout history' })
      .getByRole('listitem', { name: `${formatMoney(200)}, Completed` })
      .waitFor();
    await sections.getByRole('link', { name: 'Referrals', exact: true }).click();
    await page
      .getByRole('list', { name: 'Referred creators' })
      .getByRole('listitem', { name: /^nova-lake, \$\d+\.\d\d earned$/ })
      .waitFor();
  });
});
