import { ChatPage } from '../pages/chat-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'keyboard', env: { MAILBOX: 'true' } } });

const count = 24;

test('a creator works a long chat by keyboard: one stop for the thread, arrows, a message menu, focus back after popups', async ({
  page,
  server,
  session,
}) => {
  // Two sign-ins and 24 sends before the keys: slow on a loaded machine.
  test.setTimeout(480_000);
  const { api } = session;
  const stamp = Date.now().toString(36);
  const fanEmail = `keys-fan-${stamp}@example.com`;
  const creatorEmail = `keys-${stamp}@example.com`;
  const fanToken = await session.tokenOf(fanEmail);
  const fanId = (await api<{ _id: string }>(fanToken, 'GET', '/v1/users/me'))._id;
  // Profiles finished, so no onboarding popup stands over the chat.
  await api(fanToken, 'PATCH', `/v1/users/${fanId}`, { username: `keys-fan-${stamp}`, gender: 'male' });
  const firstToken = await session.tokenOf(creatorEmail);
  const creatorId = (await api<{ _id: string }>(firstToken, 'GET', '/v1/users/me'))._id;
  await admin(server.dataDir, ['make-creator', creatorEmail]);
  await admin(server.dataDir, ['approve', creatorEmail]);
  await api(firstToken, 'PATCH', `/v1/users/${creatorId}`, { username: `keys-${stamp}` });

  // A creator's sign-in lands on her inbox.
  const creatorToken = await session.signIn(page, creatorEmail);
  await expect(page).toHaveURL(`${server.baseUrl}/chats`);

  await api(fanToken, 'POST', '/v1/chat', { recipient_id: creatorId });
  for (let i = 1; i <= count; i += 1) {
    await api(creatorToken, 'POST', '/v1/messages', {
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
  // (The header's last control: its Back link shows only on phones.)
  await page.getByRole('button', { name: 'Options' }).focus();
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
