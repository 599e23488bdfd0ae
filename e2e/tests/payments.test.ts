import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { formatMoney, formatPayment } from '@cove/contracts';
import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { CreatorProfilePage } from '../pages/creator-profile-page';
import { GetCreditsPage } from '../pages/get-credits-page';
import { SandboxChallengePage, ThreeDsCallbackPage } from '../pages/payment-pages';
import { expect, test } from '../support/fixtures';
import type { RunningServer } from '../support/server';
import type { Sessions } from '../support/session';
import { shotsDir, tinyPng } from '../support/images';
import { ConfirmSheet } from '../pages/confirm-sheet';

test.use({ serverOptions: { name: 'payments', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// Demo people: two fans who never bought credits, and a creator who already has a chat with each.
const fanEmail = 'sam-fan@demo.cove.test';
const otherFanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'luna-rivers@demo.cove.test';

const nextYear = String((new Date().getFullYear() + 3) % 100).padStart(2, '0');
const threeDsCard = { number: '4000 0000 0000 3220', expiry: `12/${nextYear}`, cvc: '123' };
const declinedCard = { number: '4000 0000 0000 0002', expiry: `12/${nextYear}`, cvc: '123' };

interface Me {
  _id: string;
  credits: number;
  is_customer: boolean;
}
const me = ({ api }: Sessions, token: string) => api<Me>(token, 'GET', '/v1/users/me');

/** The creator sends `to` a photo that costs `price` credits, through the API as the app would. */
async function sendPaidPhoto(
  { api }: Sessions,
  creatorToken: string,
  to: string,
  price: number,
  text: string,
): Promise<void> {
  const form = new FormData();
  form.append('file_size', String(tinyPng.length));
  form.append('md5', createHash('md5').update(tinyPng).digest('hex'));
  form.append('type', 'paid_message');
  form.append('file', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'secret.png');
  const media = await api<{ media_id: string; public_id: string }>(creatorToken, 'POST', '/v1/media', form);
  await api(creatorToken, 'POST', '/v1/messages', {
    recipient_id: to,
    text,
    send_id: `e2e-paid-${Date.now().toString(36)}`,
    type: 'image',
    price,
    media_id: media.media_id,
    public_id: media.public_id,
  });
}

/**
 * A fan with no purchases signs in, picks the package of `price` on Get credits and pays with `card`;
 * answers their token, their credits before, and the page.
 */
async function payForPackage(
  page: Page,
  server: RunningServer,
  session: Sessions,
  price: string,
  card: Parameters<GetCreditsPage['enterCard']>[0],
) {
  const token = await session.signIn(page, otherFanEmail);
  const before = (await me(session, token)).credits;
  const credits = new GetCreditsPage(page, server.baseUrl);
  await credits.open();
  await credits.packageFor(price).check();
  await credits.enterCard(card);
  await credits.payButton(price).click();
  return { token, before, credits };
}

/** The balance in the shell's header: money is a tenth of the raw credits, with $ and 2 decimals. */
const headerBalance = (page: Page) => page.getByRole('banner').getByTitle('Your balance');

test.describe('payment journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a fan without credits buys a package with a 3-D Secure card from a paid photo, and the photo unlocks', async ({
    page,
    server,
    session,
  }) => {
    const { signIn, tokenOf } = session;
    const creatorToken = await tokenOf(creatorEmail);
    const creatorId = (await me(session, creatorToken))._id;
    const fanToken = await signIn(page, fanEmail);
    const fan = await me(session, fanToken);
    expect({ credits: fan.credits, customer: fan.is_customer }).toEqual({ credits: 0, customer: false });
    await sendPaidPhoto(session, creatorToken, fan._id, 60, 'Only for you, Sam');

    const chat = new ChatPage(page, server.baseUrl);
    await chat.openWith(creatorId);
    await headerBalance(page).getByText(formatMoney(0)).waitFor();
    // Locked: its price and caption show, the photo does not, until it is bought.
    await chat
      .thread()
      .getByText(`Photo · ${formatMoney(60)}`)
      .waitFor();
    await chat.thread().getByText('Only for you, Sam').waitFor();
    await chat
      .thread()
      .getByRole('button', { name: `Unlock for ${formatMoney(60)}` })
      .click();

    // The confirm sheet says what is missing and leads to buying credits, carrying the unlock.
    const sheet = new ConfirmSheet(page).dialog('Unlock for $6.00?');
    await sheet.getByText('You need $6.00 more.', { exact: false }).waitFor();
    await sheet.getByRole('button', { name: 'Buy credits' }).click();

    const credits = new GetCreditsPage(page, server.baseUrl);
    await page.waitForURL(/\/account\/get-credits$/);
    await credits.ready();
    await credits.backLink().waitFor();
    await page.getByText('After paying, the message unlocks.').waitFor();
    expect(await credits.backLink().getAttribute('href')).toBe(`/chats/${creatorId}`);
    await page.screenshot({ path: `${shotsDir}/get-credits-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shotsDir}/get-credits-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    // 100 credits for $10.00, plus the first purchase's 20: 120, of which the photo takes 60.
    await credits.packageFor(formatMoney(100)).check();
    await credits.enterCard(threeDsCard);
    await credits.payButton(formatMoney(100)).click();

    const bank = new SandboxChallengePage(page);
    await bank.waitFor();
    // The bank shows the charge in the card's currency.
    await page.getByText(formatPayment(10, 'usd')).waitFor();
    await bank.complete();

    const callback = new ThreeDsCallbackPage(page);
    await callback.waitFor();
    await callback.heading('Payment complete').waitFor();
    await callback
      .status()
      .getByText(/The message is unlocked\./)
      .waitFor();
    await page.screenshot({ path: `${shotsDir}/3ds-callback-complete.png`, fullPage: true });

    // It takes the fan back to the chat by itself, where the photo is now shown whole.
    await page.waitForURL(new RegExp(`/chats/${creatorId}$`));
    const photo = chat.thread().getByRole('img', { name: 'Photo' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/\/media\//);
    await chat
      .thread()
      .getByText(`Bought · ${formatMoney(60)}`)
      .waitFor();
    await chat.thread().getByText('Only for you, Sam').waitFor();
    expect(
      await chat
        .thread()
        .getByRole('button', { name: /^Unlock for/ })
        .count(),
    ).toBe(0);
    await headerBalance(page).getByText(formatMoney(60)).waitFor();
    expect(await me(session, fanToken)).toMatchObject({ credits: 60, is_customer: true });
  });

  test('a declined card shows the server reason on the page and leaves the credits as they were', async ({
    page,
    server,
    session,
  }) => {
    const { token, before, credits } = await payForPackage(
      page,
      server,
      session,
      formatMoney(100),
      declinedCard,
    );

    await credits.alert().getByText('Your card was declined. Try another card.').waitFor();
    // Still on the form, ready for another card.
    expect(page.url()).toMatch(/\/account\/get-credits$/);
    await credits.payButton(formatMoney(100)).waitFor();
    await headerBalance(page).getByText(formatMoney(before)).waitFor();
    expect(await me(session, token)).toMatchObject({ credits: before, is_customer: false });
  });

  test('failing the 3-D Secure check lands on the callback with "Payment not completed" and a way to try again', async ({
    page,
    server,
    session,
  }) => {
    const { token, before, credits } = await payForPackage(
      page,
      server,
      session,
      formatMoney(250),
      threeDsCard,
    );

    const bank = new SandboxChallengePage(page);
    await bank.waitFor();
    await bank.fail();

    const callback = new ThreeDsCallbackPage(page);
    await callback.waitFor();
    await callback.heading('Payment not completed').waitFor();
    // In its own words: the bank's check failed, the card was not declined.
    await callback
      .alert()
      .getByText(
        "Your bank's security check (3-D Secure) was not completed, so nothing was charged. Try again.",
      )
      .waitFor();
    const tryAgain = callback.link('Try again');
    await tryAgain.waitFor();
    await page.screenshot({ path: `${shotsDir}/3ds-callback-failed.png`, fullPage: true });
    expect(await me(session, token)).toMatchObject({ credits: before, is_customer: false });

    await tryAgain.click();
    await page.waitForURL(/\/account\/get-credits$/);
    await credits.ready();
    // The package chosen before is chosen again.
    await expect(credits.packageFor('$25.00')).toBeChecked();
  });

  // Last: it makes Jordan a customer, which the tests above expect Jordan not to be.
  test('a fan without credits unlocks a paid post through a 3-D Secure top-up and lands back on the post, open', async ({
    page,
    server,
    session,
  }) => {
    const creatorId = (await me(session, await session.tokenOf(creatorEmail)))._id;
    const fanToken = await session.signIn(page, otherFanEmail);
    expect((await me(session, fanToken)).credits).toBe(0);

    // The demo world's paid post on Luna's profile: "The demo cover, early", $4.00.
    const profile = new CreatorProfilePage(page, server.baseUrl);
    await profile.open(creatorId);
    const unlock = profile.posts().getByRole('button', { name: 'Unlock for $4.00' });
    const paidPost = profile.posts().locator('article').filter({ has: unlock });
    await unlock.click();

    // The confirm sheet says what is missing and leads to credits, carrying the post.
    const sheet = new ConfirmSheet(page).dialog('Unlock this post for $4.00?');
    await sheet.getByText('You need $4.00 more.', { exact: false }).waitFor();
    await sheet.getByRole('button', { name: 'Buy credits' }).click();
    const credits = new GetCreditsPage(page, server.baseUrl);
    await page.waitForURL(/\/account\/get-credits$/);
    await credits.ready();
    await page.getByText('After paying, the post unlocks.').waitFor();
    expect(await credits.backLink('Back to the post').getAttribute('href')).toMatch(
      new RegExp(`^/creators/${creatorId}\\?post=`),
    );
    expect(await page.getByRole('link', { name: 'Back to the chat' }).count()).toBe(0);

    // 100 credits for $10.00, plus the first purchase's 20: 120, of which the post takes 40.
    await credits.packageFor('$10.00').check();
    await credits.enterCard(threeDsCard);
    await credits.payButton('$10.00').click();
    const bank = new SandboxChallengePage(page);
    await bank.waitFor();
    await bank.complete();

    const callback = new ThreeDsCallbackPage(page);
    await callback.waitFor();
    await callback.heading('Payment complete').waitFor();
    await callback
      .status()
      .getByText(/The post is unlocked\./)
      .waitFor();
    expect(await callback.link('Back to the post').count()).toBe(1);
    expect(await page.getByText(/Back to the chat/).count()).toBe(0);

    // By itself, back on the profile with the post open: its words and photo shown, focused.
    await page.waitForURL(new RegExp(`/creators/${creatorId}\\?post=`));
    const opened = profile.postWithText('The demo cover, early');
    await opened.getByRole('img', { name: 'The demo cover, early' }).waitFor();
    await expect(opened).toBeFocused();
    expect(await opened.getByRole('button', { name: /^Unlock for/ }).count()).toBe(0);
    expect(await paidPost.count()).toBe(0);
    await page.screenshot({ path: `${shotsDir}/post-unlocked-after-3ds-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await opened.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shotsDir}/post-unlocked-after-3ds-390.png` });
    await page.setViewportSize({ width: 1280, height: 860 });
    await headerBalance(page).getByText('$8.00').waitFor();
    expect(await me(session, fanToken)).toMatchObject({ credits: 80, is_customer: true });
  });
});
