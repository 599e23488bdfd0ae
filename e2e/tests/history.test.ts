import { mkdirSync, readFileSync } from 'node:fs';
import { creditsToDollars, formatMoney, headlessBrowserInfo } from '@cove/contracts';
import { HistoryPage } from '../pages/history-page';
import { expect, test } from '../support/fixtures';
import { shotsDir } from '../support/images';
import type { Sessions } from '../support/session';

test.use({ serverOptions: { name: 'history', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// A demo fan who has bought nothing, and a creator he already chats with.
const fanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'luna-rivers@demo.cove.test';

interface Me {
  _id: string;
  credits: number;
}

/** A package of 100 credits for $10.00 with the sandbox's test Visa, as the card form sends it. */
async function buyPackage({ api }: Sessions, baseUrl: string, token: string): Promise<void> {
  const card = await fetch(`${baseUrl}/sandbox/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' }),
  });
  const { token: cardToken } = (await card.json()) as { token: string };
  await api(token, 'POST', '/v1/payment', {
    amount: 100,
    success_url: '/account/get-credits',
    fail_url: '/account/get-credits',
    browser_info: headlessBrowserInfo('e2e'),
    card_token: cardToken,
    idempotency_key: `e2e-history-${Date.now().toString(36)}`,
  });
}

test('after an unlock the fan finds the purchase, its receipt and its CSV line in the history', async ({
  page,
  server,
  session,
}) => {
  mkdirSync(shotsDir, { recursive: true });
  const creatorToken = await session.tokenOf(creatorEmail);
  const fanToken = await session.signIn(page, fanEmail);
  const fan = await session.api<Me>(fanToken, 'GET', '/v1/users/me');
  await buyPackage(session, server.baseUrl, fanToken);
  const sent = await session.api<{ data: { _id: string } }>(creatorToken, 'POST', '/v1/messages', {
    type: 'text',
    recipient_id: fan._id,
    text: 'The setlist, early',
    price: 60,
    send_id: `e2e-history-${Date.now().toString(36)}`,
  });
  await session.api(fanToken, 'PATCH', `/v1/messages/${sent.data._id}/buy`);
  const credits = (await session.api<Me>(fanToken, 'GET', '/v1/users/me')).credits;

  // From the account's sections, as a fan would look for it.
  await page.goto(`${server.baseUrl}/account`);
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Spending history' })
    .click();
  const history = new HistoryPage(page, server.baseUrl);
  const unlock = history.row('Unlocked a message from luna-rivers, -$6.00');
  await unlock.waitFor();
  await expect(unlock).toContainText(`Balance ${formatMoney(credits)}`);
  // 100 credits and the first purchase's 20.
  await history.row('Bought credits with VISA ending 4242, +$12.00').waitFor();
  await page.screenshot({ path: `${shotsDir}/history-1280.png`, fullPage: true });

  await unlock.getByRole('link', { name: /^Receipt/ }).click();
  const receipt = history.receipt('Unlocked a message from luna-rivers');
  await receipt.waitFor();
  await expect(history.line(receipt, 'Seller')).toHaveText('luna-rivers');
  await expect(history.line(receipt, 'Account')).toHaveText('jordan-fan');
  await expect(history.line(receipt, 'Change to your balance')).toHaveText('-$6.00');
  await expect(history.line(receipt, 'Balance after')).toHaveText(formatMoney(credits));
  await expect(history.line(receipt, 'Status')).toHaveText('Completed');
  const receiptId = (await history.line(receipt, 'Receipt number').textContent()) ?? '';
  await page.screenshot({ path: `${shotsDir}/history-receipt-1280.png`, fullPage: true });
  await receipt.getByRole('link', { name: 'Open chat with luna-rivers' }).click();
  await page.waitForURL(/\/chats\//);

  // The unlocks filter (the purchases address), at phone size, and its CSV.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/account/purchases`);
  await expect(history.show()).toHaveValue('unlocks');
  await unlock.waitFor();
  await expect(history.row('Bought credits with VISA ending 4242, +$12.00')).toHaveCount(0);
  await page.screenshot({ path: `${shotsDir}/history-390.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = readFileSync((await file.path()) ?? '', 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(`${receiptId},`);
  expect(csv[1]).toContain(
    `,Chat unlock,Unlocked a message from luna-rivers,luna-rivers,-6.00,${creditsToDollars(credits)},`,
  );
});
