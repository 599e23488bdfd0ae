import { formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { CreatorProfilePage } from '../pages/creator-profile-page';
import { DiscoverPage } from '../pages/discover-page';
import { SubscriptionsPage } from '../pages/subscriptions-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import type { Sessions } from '../support/session';
import { screenshots, shotsDir } from '../support/images';
import { ConfirmSheet } from '../pages/confirm-sheet';

test.use({ serverOptions: { name: 'profiles', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers ($9.90 a month, a first month at 30 % off for new subscribers) posts for
// followers and for subscribers; jordan-fan neither follows nor subscribes to either, sam-fan follows
// luna, and mira-kent charges $4.90 a month.
const fanEmail = 'jordan-fan@demo.cove.test';
const followerEmail = 'sam-fan@demo.cove.test';
const lunaEmail = 'luna-rivers@demo.cove.test';
const miraEmail = 'mira-kent@demo.cove.test';
const followerPost = 'Followers first: the tour dates drop here tomorrow.';
const subscriberPost = 'Subscribers only: a night in the studio';

const idOf = async ({ api }: Sessions, token: string) =>
  (await api<{ _id: string }>(token, 'GET', '/v1/users/me'))._id;

/** The balance in the shell's header: money is a tenth of the raw credits. */
const headerBalance = (page: Page) => page.getByRole('banner').getByTitle('Your balance');

test.describe('profile journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a fan finds a creator, sees what unlocks her posts, follows, subscribes and opens her chat', async ({
    page,
    server,
    session,
  }) => {
    const { signIn } = session;
    await signIn(page, fanEmail);
    // 1000 credits: $100.00 in the header.
    await admin(server.dataDir, ['grant-credits', fanEmail, '1000']);

    const discover = new DiscoverPage(page, server.baseUrl);
    await discover.open();
    await discover.card('mira-kent').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'discover');

    await discover.search('luna');
    const card = discover.card('luna-rivers');
    await card.getByText(`${formatMoney(99)} / month`, { exact: false }).waitFor();
    await card.getByText(/Singer-songwriter from Lisbon/).waitFor();
    expect(await discover.creators().getByRole('listitem').count()).toBe(1);
    await card.click();

    await page.waitForURL(/\/creators\/[^/?]+$/);
    const lunaId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const profile = new CreatorProfilePage(page, server.baseUrl);
    await profile.ready();
    await page.getByRole('heading', { name: 'luna-rivers', level: 1 }).waitFor();
    await headerBalance(page).getByText(formatMoney(1000)).waitFor();

    // Locked: only what opens them shows, not their words.
    await profile.lockedBy('Follow').waitFor();
    await profile.lockedBy('Subscribe').waitFor();
    expect(await profile.postWithText(followerPost).count()).toBe(0);
    expect(await profile.postWithText(subscriberPost).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'creator-profile');

    await profile.action('Follow').click();
    await profile.action('Unfollow').waitFor();
    await profile.postWithText(followerPost).waitFor();
    await profile.lockedBy('Follow').waitFor({ state: 'detached' });
    await profile.lockedBy('Subscribe').waitFor();

    await profile.action(`Subscribe · ${formatMoney(69)} first month`).click();
    // The sheet says the price, when it renews and how to cancel before anything is charged.
    const sheet = new ConfirmSheet(page);
    await sheet
      .dialog(`Subscribe for ${formatMoney(69)}?`)
      .getByText(/^Renews on .* unless you cancel/)
      .waitFor();
    await sheet.confirm(`Subscribe for ${formatMoney(69)}?`, `Subscribe for ${formatMoney(69)}`);
    await profile
      .about()
      .getByRole('status')
      .getByText(/^Subscribed until /)
      .waitFor();
    await headerBalance(page).getByText(formatMoney(931)).waitFor();
    const photo = profile.postWithText(subscriberPost).getByRole('img', { name: subscriberPost });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(/\/media\//);
    await profile.lockedBy('Subscribe').waitFor({ state: 'detached' });
    expect(
      await profile
        .about()
        .getByRole('button', { name: /Subscribe/ })
        .count(),
    ).toBe(0);

    // The header's Follow and Subscribe are kept on a reload: the server has them.
    await page.reload();
    await profile.ready();
    await profile.action('Unfollow').waitFor();
    await profile.postWithText(subscriberPost).getByRole('img', { name: subscriberPost }).waitFor();

    // A tip of a typed amount with a message on her post, charged only once it is confirmed.
    const post = profile.postWithText(subscriberPost);
    await post.getByRole('button', { name: 'Tip', exact: true }).click();
    await post.getByRole('textbox', { name: 'Other amount' }).fill('12');
    await post.getByRole('textbox', { name: 'Message (optional)' }).fill('That studio night was magic!');
    await post.getByRole('button', { name: 'Tip $12.00' }).click();
    const tipSheet = sheet.dialog('Send a $12.00 tip?');
    await tipSheet.getByText('That studio night was magic!').waitFor();
    await tipSheet.getByText('$81.10').waitFor();
    await screenshots(page, 'confirm-tip');
    await sheet.confirm('Send a $12.00 tip?', 'Tip $12.00');
    await post
      .getByRole('status')
      .getByText(/^Tip sent\./)
      .waitFor();
    await headerBalance(page).getByText('$81.10').waitFor();

    await profile.action('Message').click();
    await page.waitForURL(new RegExp(`/chats/${lunaId}$`));
    const chat = new ChatPage(page, server.baseUrl);
    await chat.box().waitFor();
    // The tip and its message are in the thread, for the creator to read.
    await chat.thread().getByText('That studio night was magic!').waitFor();
  });

  test('a fan cancels a subscription from Account › Subscriptions and keeps it until the paid month ends', async ({
    page,
    server,
    session,
  }) => {
    const { signIn, tokenOf, api } = session;
    const fanToken = await signIn(page, followerEmail);
    await admin(server.dataDir, ['grant-credits', followerEmail, '500']);
    const miraId = await idOf(session, await tokenOf(miraEmail));
    const subscribed = await api<{ data: { expires_at: string } }>(fanToken, 'POST', '/v1/subscriptions', {
      model_id: miraId,
      send_id: `e2e-subscribe-${Date.now().toString(36)}`,
    });

    const subscriptions = new SubscriptionsPage(page, server.baseUrl);
    await subscriptions.open();
    const row = subscriptions.row('mira-kent');
    await row.getByText(`${formatMoney(49)} / month`).waitFor();
    await row.getByText(/^Active — renews on /).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await subscriptions.edit();
    await row.getByRole('checkbox', { name: 'Select mira-kent' }).check();
    await subscriptions.toolbar().getByRole('button', { name: 'Cancel subscriptions (1)' }).click();
    const confirm = page.getByRole('dialog', { name: /^Cancel this subscription\?/ });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel subscriptions' }).click();
    await confirm.waitFor({ state: 'detached' });

    await page.getByRole('status').getByText('Canceled 1 subscription').waitFor();
    const until = new Date(subscribed.data.expires_at).toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    await row.getByText(`Canceled — access until ${until}`).waitFor();
    // Edit mode is left: no checkboxes.
    await subscriptions.toolbar().waitFor({ state: 'detached' });
    expect(await row.getByRole('checkbox').count()).toBe(0);
  });

  test('a creator posts for her followers from her own profile, and a follower with it open sees it live', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn } = session;
    const followerPage = page;
    await signIn(followerPage, followerEmail);
    const lunaContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const lunaPage = await lunaContext.newPage();
    const lunaId = await idOf(session, await signIn(lunaPage, lunaEmail));

    const follower = new CreatorProfilePage(followerPage, server.baseUrl);
    await follower.open(lunaId);
    await follower.action('Unfollow').waitFor();
    const luna = new CreatorProfilePage(lunaPage, server.baseUrl);
    await luna.open(lunaId);
    await luna.composer().waitFor();
    expect(await seriousAccessibilityProblems(lunaPage)).toEqual([]);

    const text = `Soundcheck tonight, followers get the setlist first (${Date.now().toString(36)})`;
    await luna.publish(text, 'Followers');
    // The server's copy replaces the one on its way, with who sees it.
    await luna
      .postWithText(text)
      .getByText(/ · Followers$/)
      .waitFor();
    await lunaPage.getByRole('article', { name: 'Post being published' }).waitFor({ state: 'detached' });
    await follower.postWithText(text).waitFor();
    await lunaContext.close();
  });
});
