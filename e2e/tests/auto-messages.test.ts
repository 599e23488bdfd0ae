import { formatMoney } from '@cove/contracts';
import { AutoMessagesPage } from '../pages/auto-messages-page';
import { ChatPage } from '../pages/chat-page';
import { CreatorProfilePage } from '../pages/creator-profile-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { ConfirmSheet } from '../pages/confirm-sheet';

test.use({ serverOptions: { name: 'auto-messages', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: mira-kent has no auto-messages, and jordan-fan has neither a chat with her nor
// follows her, so the first chat and the first follow are this journey's.
const creatorEmail = 'mira-kent@demo.cove.test';
const fanEmail = 'jordan-fan@demo.cove.test';

test.describe('auto-message journeys', () => {
  test('a creator saves a welcome and a paid new-follower message; a fan gets each once, live, however often the trigger comes', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn, api } = session;
    const idOf = async (token: string) => (await api<{ _id: string }>(token, 'GET', '/v1/users/me'))._id;
    const stamp = Date.now().toString(36);
    const welcome = `Hi, I am Mira! Thanks for saying hello (${stamp})`;
    const thanks = `Thanks for following: here is my 30-day plan (${stamp})`;

    const creatorPage = page;
    const creatorToken = await signIn(creatorPage, creatorEmail);
    const creatorId = await idOf(creatorToken);
    await admin(server.dataDir, ['grant-credits', fanEmail, '100']);

    // Both categories, sent right away: the welcome free, the thank-you for $2.50.
    const editor = new AutoMessagesPage(creatorPage, server.baseUrl);
    await editor.open();
    await editor.category('Welcome').getByText('Off', { exact: true }).waitFor();
    await editor.edit('Welcome');
    await editor.delay().selectOption({ label: 'Right away' });
    await editor.addText(1, welcome);
    await editor.save();
    await editor.backToList();
    await editor.category('Welcome').getByText('1 message', { exact: true }).waitFor();

    await editor.edit('New follower');
    await editor.delay().selectOption({ label: 'Right away' });
    await editor.addText(1, thanks, '2.50');
    await editor
      .message(1)
      .getByText(`Locked until the fan pays ${formatMoney(25)}.`)
      .waitFor();
    await editor.save();

    // What was saved is what the server has: a reload shows it as it was left.
    await creatorPage.reload();
    await editor.editorReady('New follower');
    expect(await editor.text(1).inputValue()).toBe(thanks);
    expect(await editor.price(1).inputValue()).toBe('2.50');
    expect(await editor.delay().inputValue()).toBe('0');
    expect(await editor.message(1).getByText('Not saved').count()).toBe(0);
    await editor.backToList();
    await editor.category('Welcome').getByText(`“${welcome}”`).waitFor();
    await editor.category('New follower').getByText(`“Paid: ${thanks}”`).waitFor();
    expect(await editor.category('New follower').getByText('1 message', { exact: true }).count()).toBe(1);

    // The fan opens a chat with her for the first time: the welcome arrives in it.
    const fanContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const fanPage = await fanContext.newPage();
    const fanId = await idOf(await signIn(fanPage, fanEmail));
    const chat = new ChatPage(fanPage, server.baseUrl);
    await chat.openWith(creatorId);
    await chat.thread().getByText(welcome).waitFor();

    // Following her, in another tab, brings the thank-you into the open chat, locked at its price.
    const profile = new CreatorProfilePage(await fanContext.newPage(), server.baseUrl);
    await profile.page.goto(`${server.baseUrl}/creators/${creatorId}`);
    await profile.action('Follow').click();
    await profile.action('Unfollow').waitFor();
    const unlock = chat.thread().getByRole('button', { name: `Unlock for ${formatMoney(25)}` });
    await unlock.waitFor();
    expect(await chat.thread().getByText(thanks).count()).toBe(0);

    // The triggers again: unfollowing and following, and opening the chat anew.
    await profile.action('Unfollow').click();
    await profile.action('Follow').click();
    await profile.action('Unfollow').waitFor();
    await chat.openWith(creatorId);
    await chat.thread().getByText(welcome).waitFor();
    // A message by hand after them: once it is in, anything the triggers sent would be too.
    const byHand = `Glad you are here (${stamp})`;
    await api(creatorToken, 'POST', '/v1/messages', {
      recipient_id: fanId,
      text: byHand,
      send_id: `e2e-auto-messages-${stamp}`,
    });
    await chat.thread().getByText(byHand).waitFor();
    expect(await chat.thread().getByText(welcome).count()).toBe(1);
    expect(await unlock.count()).toBe(1);

    // The one thank-you is the paid message: bought, its text shows.
    await unlock.click();
    await new ConfirmSheet(fanPage).confirm('Unlock for $2.50?', 'Unlock for $2.50');
    await chat.thread().getByText(thanks).waitFor();
    await chat
      .thread()
      .getByText(`Bought · ${formatMoney(25)}`)
      .waitFor();

    await fanContext.close();
  });
});
