import { ChatPage } from '../pages/chat-page';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'keyboard', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// Two demo people the demo world gives no chat yet.
const fanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'nova-lake@demo.cove.test';
const count = 24;

test('a creator works a long chat by keyboard: one stop for the thread, arrows, a message menu, focus back after popups', async ({
  page,
  server,
  session,
}) => {
  const fanToken = await session.tokenOf(fanEmail);
  const fanId = (await session.api<{ _id: string }>(fanToken, 'GET', '/v1/users/me'))._id;
  await session.signIn(page, creatorEmail);
  // A creator's sign-in lands on her inbox.
  await expect(page).toHaveURL(`${server.baseUrl}/chats`);
  const creatorToken = await page.evaluate(() => window.localStorage.getItem('auth-token') ?? '');
  const creatorId = (await session.api<{ _id: string }>(creatorToken, 'GET', '/v1/users/me'))._id;

  await session.api(fanToken, 'POST', '/v1/chat', { recipient_id: creatorId });
  for (let i = 1; i <= count; i += 1) {
    await session.api(creatorToken, 'POST', '/v1/messages', {
      recipient_id: fanId,
      text: `Note number ${i}`,
      send_id: `keyboard-${i}`,
    });
  }
  const chat = new ChatPage(page, server.baseUrl);
  await chat.openWith(fanId);
  const thread = chat.thread();
  await thread.getByText(`Note number ${count}`).waitFor();
  const message = (n: number) => page.getByRole('article', { name: new RegExp(`Note number ${n}\\.`) });

  // From the chat's header to the composer: a few stops, however many messages the thread holds.
  await page.getByRole('link', { name: 'Back to chats' }).focus();
  const stops: string[] = [];
  for (let i = 0; i < 40 && !(await chat.box().evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return `${el?.getAttribute('role') ?? el?.tagName.toLowerCase()}:${el?.getAttribute('aria-label') ?? el?.textContent?.trim()}`;
      }),
    );
  }
  expect(stops.filter((s) => s.startsWith('article:'))).toHaveLength(1);
  expect(stops.length).toBeLessThanOrEqual(8);
  expect(stops.at(-1)).toBe('textarea:Message');

  // The thread's stop is the newest message; arrows, Home and End move through the others.
  await page.keyboard.press('Shift+Tab');
  while (!(await message(count).evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(message(count - 2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(message(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(message(2)).toBeFocused();

  // Its menu opens from the message, Escape gives focus back to it.
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu.getByRole('menuitem', { name: 'Reply' })).toBeFocused();
  await expect(menu.getByRole('menuitem')).toHaveText(['Reply', 'Hide', 'Delete']);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(message(2)).toBeFocused();

  // A popup opened from the menu gives focus back to the message when it closes.
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog');
  await ask.waitFor();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(message(2)).toBeFocused();

  // The chat's Options is a menu too, and its popups give focus back to it.
  const options = page.getByRole('button', { name: 'Options' });
  await options.focus();
  await page.keyboard.press('ArrowDown');
  const chatMenu = page.getByRole('menu', { name: 'Chat options' });
  await expect(chatMenu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('b');
  await expect(chatMenu.getByRole('menuitem', { name: 'Block media' })).toBeFocused();
  await page.keyboard.press('b');
  await expect(chatMenu.getByRole('menuitem', { name: 'Block', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await ask.waitFor();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(options).toBeFocused();
});
