import { mkdirSync } from 'node:fs';
import { formatMoney } from '@cove/contracts';
import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { shotsDir, tinyPng } from '../support/images';
import { ConfirmSheet } from '../pages/confirm-sheet';

test.use({ serverOptions: { name: 'chat', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// Two demo people the demo world gives no chat yet.
const fanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'nova-lake@demo.cove.test';

/** The signed-in person's id, as the page's own session knows it. */
const myId = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('auth-token') ?? '';
    const res = await fetch('/v1/users/me', { headers: { 'access-token': token } });
    return ((await res.json()) as { _id: string })._id;
  });

test.describe('chat journeys', () => {
  test('a fan and a creator chat live: messages, typing, reads, a paid photo unlocked, a bad file, a dropped send', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const fanPage = page;
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const creatorPage = await creatorContext.newPage();
    await session.signIn(fanPage, fanEmail);
    await session.signIn(creatorPage, creatorEmail);
    await admin(server.dataDir, ['grant-credits', fanEmail, '1000']);
    const fan = new ChatPage(fanPage, server.baseUrl);
    const creator = new ChatPage(creatorPage, server.baseUrl);
    const creatorId = await myId(creatorPage);

    await creator.openInbox();
    await fan.openWith(creatorId);
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);
    await fan.send('Hi Nova! Loved your last stream.');
    await fan.thread().getByText('Hi Nova! Loved your last stream.').waitFor();

    // The new chat reaches the creator's open inbox without a reload, unread.
    const row = creator.inbox().getByRole('link', { name: /jordan-fan/ });
    await row.getByLabel('1 unread').waitFor();
    expect(await seriousAccessibilityProblems(creatorPage)).toEqual([]);
    await row.click();
    await creator.thread().getByText('Hi Nova! Loved your last stream.').waitFor();
    // Opening it reads it: the fan sees the receipt.
    await fan.thread().getByText('Read').waitFor();

    await creator.box().pressSequentially('Thank');
    await fanPage.getByText('nova-lake is typing…').waitFor();
    await creator.box().fill('Thank you! Here is something special.');
    await creator.box().press('Enter');
    await fan.thread().getByText('Thank you! Here is something special.').waitFor();

    // A paid photo: locked for the fan until bought, then shown whole.
    await creator.attach({ name: 'sunset.png', mimeType: 'image/png', buffer: tinyPng });
    await creatorPage.getByRole('spinbutton', { name: 'Price ($)' }).fill('2');
    await creatorPage.getByText(`Fans pay ${formatMoney(20)} to see it.`).waitFor();
    expect(await seriousAccessibilityProblems(creatorPage)).toEqual([]);
    await creatorPage.getByRole('button', { name: 'Send', exact: true }).click();
    await creator
      .thread()
      .getByText(`Paid · ${formatMoney(20)}`)
      .waitFor();
    const unlock = fan.thread().getByRole('button', { name: `Unlock for ${formatMoney(20)}` });
    await unlock.waitFor();
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);
    await unlock.click();
    // Nothing is charged until the fan confirms the price and the balance after on the sheet.
    const sheet = new ConfirmSheet(fanPage);
    await sheet.dialog('Unlock for $2.00?').getByText('Balance after').waitFor();
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);
    await fanPage.screenshot({ path: `${shotsDir}/confirm-unlock.png` });
    await sheet.confirm('Unlock for $2.00?', 'Unlock for $2.00');
    const photo = fan.thread().getByRole('img', { name: 'Photo' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/\/media\//);
    await fanPage.getByText(`Bought · ${formatMoney(20)}`).waitFor();

    // A tip: each side reads it in dollars, worded for them; no line in either thread says credits.
    await fanPage.getByRole('button', { name: 'Tip', exact: true }).click();
    await fanPage.getByRole('radio', { name: formatMoney(50) }).check();
    await fanPage.getByRole('button', { name: `Tip ${formatMoney(50)}` }).click();
    await sheet.confirm(`Send a ${formatMoney(50)} tip?`, `Tip ${formatMoney(50)}`);
    await fan
      .thread()
      .getByText(`You tipped ${formatMoney(50)}.`)
      .waitFor();
    await creator
      .thread()
      .getByText(`jordan-fan tipped you ${formatMoney(50)}.`)
      .waitFor();
    for (const thread of [fan.thread(), creator.thread()])
      expect(await thread.textContent()).not.toMatch(/credit/i);
    mkdirSync(shotsDir, { recursive: true });
    await fanPage.screenshot({ path: `${shotsDir}/chat-money-lines-fan-1280.png` });
    await creatorPage.screenshot({ path: `${shotsDir}/chat-money-lines-creator-1280.png` });
    await fanPage.setViewportSize({ width: 390, height: 844 });
    await fanPage.screenshot({ path: `${shotsDir}/chat-money-lines-fan-390.png` });
    await fanPage.setViewportSize({ width: 1280, height: 860 });

    // A file of another type is refused with the spec's text.
    await creator.attach({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const refusal = creatorPage.getByRole('dialog', { name: 'Upload error' });
    await refusal
      .getByText(
        'Sorry, we cannot process this type of file (text/plain). Please choose different file type and try again.',
      )
      .waitFor();
    await creatorPage.keyboard.press('Escape');
    await refusal.waitFor({ state: 'detached' });

    // The network drops on the first try of a send: the retry gets it through, once.
    let dropped = false;
    await fanPage.route('**/v1/messages', async (route) => {
      if (route.request().method() === 'POST' && !dropped) {
        dropped = true;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });
    await fan.send('Did this arrive?');
    await creator.thread().getByText('Did this arrive?').waitFor();
    await fanPage.getByRole('group', { name: 'Sending' }).waitFor({ state: 'detached' });
    expect(dropped).toBe(true);
    expect(await fan.thread().getByText('Did this arrive?').count()).toBe(1);
    expect(await creator.thread().getByText('Did this arrive?').count()).toBe(1);
    await creatorContext.close();
  });
});
