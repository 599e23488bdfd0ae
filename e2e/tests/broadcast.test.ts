import { formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import { BroadcastPage } from '../pages/broadcast-page';
import { ChatPage } from '../pages/chat-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir, tinyJpeg } from '../support/images';
import { ConfirmSheet } from '../pages/confirm-sheet';

test.use({ serverOptions: { name: 'broadcast', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers (broadcast is on for every creator) has chats with three fans, each of
// whom wrote first, so all three are in her chat list. Two of them are intros she has not answered yet,
// which no broadcast reaches (docs/rules.md): she answers them first.
const lunaEmail = 'luna-rivers@demo.cove.test';
const buyerEmail = 'sam-fan@demo.cove.test';
const watcherEmail = 'alex-fan@demo.cove.test';
const excludedEmail = 'jordan-fan@demo.cove.test';

test.describe('broadcast journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a creator sends a paid photo to all her chats but one; open chats get it live, one fan buys it', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn, tokenOf, api } = session;
    const idOf = async (token: string) => (await api<{ _id: string }>(token, 'GET', '/v1/users/me'))._id;

    /** What the fan has in their chat with `otherId`, newest first as the API lists it. */
    async function messagesWith(token: string, otherId: string) {
      const chat = await api<{ data: { chat_id: string } }>(token, 'GET', `/v1/chat?recipient_id=${otherId}`);
      return (
        await api<{ data: { _id: string; type: string; text: string }[] }>(
          token,
          'GET',
          `/v1/chats/${chat.data.chat_id}/messages`,
        )
      ).data;
    }

    /** A fan in a browser of their own with their chat with luna open. */
    async function openChat(email: string, lunaId: string): Promise<ChatPage> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const fanPage = await context.newPage();
      await signIn(fanPage, email);
      const chat = new ChatPage(fanPage, server.baseUrl);
      await chat.openWith(lunaId);
      return chat;
    }

    const lunaPage = page;
    const lunaToken = await signIn(lunaPage, lunaEmail);
    const lunaId = await idOf(lunaToken);
    const excludedToken = await tokenOf(excludedEmail);
    for (const [name, token] of [
      ['excluded', excludedToken],
      ['buyer', await tokenOf(buyerEmail)],
    ] as const) {
      await api(lunaToken, 'POST', '/v1/messages', {
        recipient_id: await idOf(token),
        text: 'Thanks for writing!',
        send_id: `e2e-answer-${name}`,
      });
    }
    const excludedBefore = await messagesWith(excludedToken, lunaId);
    await admin(server.dataDir, ['grant-credits', buyerEmail, '500']);
    const buyer = await openChat(buyerEmail, lunaId);
    const watcher = await openChat(watcherEmail, lunaId);

    const broadcast = new BroadcastPage(lunaPage, server.baseUrl);
    await broadcast.open();
    await broadcast.recipientCount().getByText('Reaches 3 chats').waitFor();
    await broadcast.sendTo('All except chosen chats');
    await broadcast.chat('jordan-fan').check();
    await broadcast.recipientCount().getByText('Reaches 2 chats').waitFor();

    const text = `Backstage in Porto, only for you (${Date.now().toString(36)})`;
    await broadcast.text().fill(text);
    await broadcast.attach({ name: 'backstage.jpg', mimeType: 'image/jpeg', buffer: tinyJpeg });
    await broadcast.composer().getByText('Photo: backstage.jpg').waitFor();
    await broadcast.price().fill('3');
    await broadcast
      .composer()
      .getByText(`Fans pay ${formatMoney(30)} to see it.`)
      .waitFor();
    expect(await seriousAccessibilityProblems(lunaPage)).toEqual([]);
    await screenshots(lunaPage, 'broadcast-compose');

    await broadcast.sendButton().click();
    await broadcast.stage().getByText('Broadcast sent to 2 chats.').waitFor();
    const summary = `Photo: ${text}`;
    await broadcast.funnel(summary, 'Bought').getByText('0', { exact: true }).waitFor();

    // Her broadcast stats open in another tab, to watch the sale come in.
    const stats = await lunaPage.context().newPage();
    await stats.goto(`${server.baseUrl}/account/earnings/broadcasts`);
    const statsRow = stats.getByRole('listitem', { name: `${text}, Sent` });
    const statsBought = statsRow.locator('dl div:has(> dt:text-is("Bought")) > dd');
    await statsBought.getByText('0 (0%)').waitFor();

    // Both open chats get it live, locked: its price and caption show, the photo only once bought.
    for (const fan of [buyer, watcher]) {
      await fan
        .thread()
        .getByText(`Photo · ${formatMoney(30)}`)
        .waitFor();
      await fan
        .thread()
        .getByRole('button', { name: `Unlock for ${formatMoney(30)}` })
        .waitFor();
      await fan.thread().getByText(text).waitFor();
    }
    await buyer
      .thread()
      .getByRole('button', { name: `Unlock for ${formatMoney(30)}` })
      .click();
    await new ConfirmSheet(buyer.page).confirm(
      `Unlock for ${formatMoney(30)}?`,
      `Unlock for ${formatMoney(30)}`,
    );
    const photo = buyer.thread().getByRole('img', { name: 'Photo' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/\/media\//);
    await buyer
      .thread()
      .getByText(`Bought · ${formatMoney(30)}`)
      .waitFor();
    await buyer.thread().getByText(text).waitFor();

    // The chat left out has nothing new.
    expect(await messagesWith(excludedToken, lunaId)).toEqual(excludedBefore);

    // The funnels follow the sale while open, with no reload: the stats tab and the broadcast screen.
    await statsBought.getByText('1 (50%)').waitFor();
    await statsRow
      .locator('dl div:has(> dt:text-is("Revenue")) > dd')
      .getByText(/^\$(?!0\.00)/)
      .waitFor();
    await stats.close();
    await broadcast.funnel(summary, 'Bought').getByText('1', { exact: true }).waitFor();
    expect(await broadcast.funnel(summary, 'Sent').textContent()).toBe('2');
    expect(await broadcast.funnel(summary, 'Revenue').textContent()).toMatch(/^\$/);
    expect(await seriousAccessibilityProblems(lunaPage)).toEqual([]);
    await screenshots(lunaPage, 'broadcast-recent');

    await buyer.page.context().close();
    await watcher.page.context().close();
  });
});
