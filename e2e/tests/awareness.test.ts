import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { MailboxPage } from '../pages/mailbox-page';
import { admin } from '../support/admin';
import type { RunningServer } from '../support/server';
import type { Sessions } from '../support/session';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'awareness', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// A demo creator, and in each test a new fan with nothing unread yet.
const creatorEmail = 'nova-lake@demo.cove.test';

/** Signs a new fan in on `page` with credits and a chat with Nova, where he wrote first; answers both ids. */
async function fanWritingToNova(page: Page, session: Sessions, { dataDir, baseUrl }: RunningServer) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const fanEmail = `aware-${stamp}@example.com`;
  const fanToken = await session.signIn(page, fanEmail);
  const creatorToken = await session.tokenOf(creatorEmail);
  const me = (token: string) => session.api<{ _id: string }>(token, 'GET', '/v1/users/me');
  const [fan, creator] = [await me(fanToken), await me(creatorToken)];
  await session.api(fanToken, 'PATCH', `/v1/users/${fan._id}`, {
    username: `aware-${stamp}`,
    gender: 'male',
  });
  await admin(dataDir, ['grant-credits', fanEmail, '1000']);
  const mailbox = new MailboxPage(await page.context().newPage(), baseUrl);
  await session.api(fanToken, 'POST', '/v1/users/verify-email', {
    code: await mailbox.verificationCode(fanEmail),
  });
  await mailbox.page.close();
  await session.api(fanToken, 'POST', '/v1/chat', { recipient_id: creator._id });
  await session.api(fanToken, 'POST', '/v1/messages', {
    type: 'text',
    recipient_id: creator._id,
    text: 'Hi Nova!',
    send_id: randomUUID(),
  });
  return { fan, creator, creatorToken };
}

const chatsLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chats/ });

test.describe('keeping aware on every screen', () => {
  test('a fan on Discover hears of a creator’s reply, opens it from the alert, and the count drops on both tabs', async ({
    page,
    server,
    session,
  }) => {
    const { fan, creator, creatorToken } = await fanWritingToNova(page, session, server);

    // Two tabs of the same browser, both on Discover.
    const second = await page.context().newPage();
    for (const tab of [page, second]) {
      await tab.goto(`${server.baseUrl}/discover`);
      await chatsLink(tab).waitFor();
    }
    await expect(chatsLink(page)).toHaveAccessibleName('Chats');

    await session.api(creatorToken, 'POST', '/v1/messages', {
      type: 'text',
      recipient_id: fan._id,
      text: 'Thanks for writing!',
      send_id: randomUUID(),
    });
    const alert = page.getByRole('list', { name: 'Alerts' }).getByRole('listitem');
    await expect(alert).toContainText('nova-lake');
    await expect(alert).toContainText('Thanks for writing!');
    for (const tab of [page, second]) {
      await expect(chatsLink(tab)).toHaveAccessibleName('Chats (1 unread)');
      await expect(tab).toHaveTitle(/^\(1\) /);
    }

    await alert.getByRole('link', { name: 'Open' }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/chats/${creator._id}`);
    await page.getByRole('list', { name: 'Messages' }).getByText('Thanks for writing!').waitFor();
    // Opening the chat reads it: both tabs drop the count, told by the server.
    for (const tab of [page, second]) {
      await expect(chatsLink(tab)).toHaveAccessibleName('Chats');
      await expect(tab).not.toHaveTitle(/^\(\d+\) /);
    }
    await expect(alert).toHaveCount(0);
  });

  test('on a phone the tab bar replaces the menu, shows the unread count, and leaves the composer in sight', async ({
    browser,
    server,
    session,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const { fan, creatorToken } = await fanWritingToNova(page, session, server);
    await page.goto(`${server.baseUrl}/discover`);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs.getByRole('link')).toHaveText([/Home/, /Chats/, /Notifications/, /Account/]);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();

    await session.api(creatorToken, 'POST', '/v1/messages', {
      type: 'text',
      recipient_id: fan._id,
      text: 'Are you around?',
      send_id: randomUUID(),
    });
    await expect(tabs.getByRole('link', { name: 'Chats (1 unread)' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('tab-bar-390.png') });

    await page.getByRole('list', { name: 'Alerts' }).getByRole('link', { name: 'Open' }).click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor();
    await expect(tabs.getByRole('link', { name: 'Chats', exact: true })).toBeVisible();
    const [box, bar] = [await composer.boundingBox(), await tabs.boundingBox()];
    expect(box && bar && box.y + box.height <= bar.y).toBe(true);
    await page.screenshot({ path: test.info().outputPath('chat-390.png') });
    await context.close();
  });
});
