import { mkdirSync } from 'node:fs';
import { formatMoney } from '@cove/contracts';
import { BroadcastPage } from '../pages/broadcast-page';
import { ChatPage } from '../pages/chat-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'fans', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers answered alex-fan, who has paid her for messages, unlocks and a tip.
const lunaEmail = 'luna-rivers@demo.cove.test';
const fanEmail = 'alex-fan@demo.cove.test';

test('a creator sees what a fan spent, puts him on a new list and broadcasts to that list', async ({
  page,
  server,
  session,
}) => {
  mkdirSync(shotsDir, { recursive: true });
  const { signIn, tokenOf, api } = session;
  const lunaToken = await signIn(page, lunaEmail);
  const alexToken = await tokenOf(fanEmail);
  const alexId = (await api<{ _id: string }>(alexToken, 'GET', '/v1/users/me'))._id;
  const lunaChat = await api<{ data: { chat_id: string } }>(
    lunaToken,
    'GET',
    `/v1/chat?recipient_id=${alexId}`,
  );
  const { data: figures } = await api<{ data: { spent: number } }>(
    lunaToken,
    'GET',
    `/v1/chats/${lunaChat.data.chat_id}/fan`,
  );
  expect(figures.spent).toBeGreaterThan(0);

  // Wide: the panel sits beside the conversation, open.
  const chat = new ChatPage(page, server.baseUrl);
  await chat.openWith(alexId);
  const panel = page.getByRole('complementary', { name: 'About alex-fan' });
  await panel.getByText(formatMoney(figures.spent), { exact: true }).waitFor();
  await panel.getByRole('textbox', { name: 'New list name' }).fill('Regulars');
  await panel.getByRole('button', { name: 'Add to new list' }).click();
  await expect(panel.getByRole('checkbox', { name: 'Regulars (1)' })).toBeChecked();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await page.screenshot({ path: `${shotsDir}/fan-panel-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await chat.box().waitFor();
  // A phone: the panel is a sheet over the conversation, closed with Escape back to its button.
  const fanButton = page.getByRole('button', { name: 'Fan' });
  await fanButton.click();
  const sheet = page.getByRole('dialog', { name: 'About alex-fan' });
  await sheet.getByText(formatMoney(figures.spent), { exact: true }).waitFor();
  await page.screenshot({ path: `${shotsDir}/fan-panel-390.png` });
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  await expect(fanButton).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 860 });

  const broadcast = new BroadcastPage(page, server.baseUrl);
  await broadcast.open();
  await broadcast.composer().getByLabel('List').selectOption({ label: 'Regulars (1)' });
  await broadcast.recipientCount().getByText('Reaches 1 chat').waitFor();
  const text = `Only for my regulars (${Date.now().toString(36)})`;
  await broadcast.text().fill(text);
  await broadcast.sendButton().click();
  await broadcast.stage().getByText('Broadcast sent to 1 chat.').waitFor();

  const lunaId = (await api<{ _id: string }>(lunaToken, 'GET', '/v1/users/me'))._id;
  const alexChat = await api<{ data: { chat_id: string } }>(
    alexToken,
    'GET',
    `/v1/chat?recipient_id=${lunaId}`,
  );
  await expect
    .poll(async () =>
      (
        await api<{ data: { text: string }[] }>(
          alexToken,
          'GET',
          `/v1/chats/${alexChat.data.chat_id}/messages`,
        )
      ).data.some((m) => m.text === text),
    )
    .toBe(true);
});
