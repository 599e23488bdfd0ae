import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'offline', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// Two demo people the demo world gives no chat yet; the creator writes for free, so her messages may wait.
const fanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'nova-lake@demo.cove.test';

const myId = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('auth-token') ?? '';
    const res = await fetch('/v1/users/me', { headers: { 'access-token': token } });
    return ((await res.json()) as { _id: string })._id;
  });

/** The texts of a thread's messages among `texts`, top to bottom. */
const order = (chat: ChatPage, texts: string[]) =>
  chat
    .thread()
    .getByText(new RegExp(`^(${texts.join('|')})$`))
    .allTextContents();

test('messages written without a connection wait, then go once and in order when it returns', async ({
  page,
  browser,
  server,
  session,
}) => {
  const creatorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const creatorPage = await creatorContext.newPage();
  await session.signIn(page, fanEmail);
  await session.signIn(creatorPage, creatorEmail);
  await admin(server.dataDir, ['grant-credits', fanEmail, '1000']);
  const fan = new ChatPage(page, server.baseUrl);
  const creator = new ChatPage(creatorPage, server.baseUrl);
  const fanId = await myId(page);
  await fan.openWith(await myId(creatorPage));
  await fan.send('Hi Nova!');
  await fan.thread().getByText('Hi Nova!').waitFor();
  await creator.openWith(fanId);
  await creator.thread().getByText('Hi Nova!').waitFor();

  // The notifications offer sits under the header; the composer stays in view beside it, at both widths.
  for (const [shown, width] of [
    [creatorPage, 390],
    [page, 1280],
  ] as const) {
    await shown.getByRole('button', { name: 'Turn on notifications' }).waitFor();
    const composer = await shown.getByRole('textbox', { name: 'Message' }).boundingBox();
    expect((composer?.y ?? Infinity) + (composer?.height ?? 0)).toBeLessThanOrEqual(
      shown.viewportSize()?.height ?? 0,
    );
    await shown.screenshot({ path: `${shotsDir}/offline-chat-with-banner-${width}.png` });
  }

  // The creator's browser loses the network: what she writes waits, shown as waiting, not as an error.
  await creatorContext.setOffline(true);
  await creator.send('Offline one');
  await creator.send('Offline two');
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toHaveCount(2);
  await expect(creatorPage.getByText("You're offline.", { exact: false })).toBeVisible();
  await expect(creator.thread().getByRole('alert')).toHaveCount(0);
  await creatorPage.screenshot({ path: `${shotsDir}/offline-waiting-390.png` });
  // The fan answers meanwhile.
  await fan.send('Are you there?');

  await creatorContext.setOffline(false);
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toHaveCount(0, {
    timeout: 60_000,
  });
  await fan.thread().getByText('Offline two').waitFor();
  const texts = ['Are you there\\?', 'Offline one', 'Offline two'];
  expect(await order(fan, texts)).toEqual(['Are you there?', 'Offline one', 'Offline two']);
  await creator.thread().getByText('Are you there?').waitFor();
  expect(await order(creator, texts)).toEqual(['Are you there?', 'Offline one', 'Offline two']);

  // The server unreachable for sends: a message waits, survives a reload, and goes once when it answers.
  await creatorPage.route('**/v1/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await creator.send('Kept across a reload');
  await creatorPage.getByRole('group', { name: 'Waiting to send' }).waitFor();
  await creatorPage.reload();
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toContainText(
    'Kept across a reload',
  );
  await creatorPage.unroute('**/v1/messages');
  await fan.thread().getByText('Kept across a reload').waitFor({ timeout: 60_000 });
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toHaveCount(0);
  // Each message reached the fan once, whatever was tried again.
  for (const text of ['Offline one', 'Offline two', 'Kept across a reload'])
    await expect(fan.thread().getByText(text, { exact: true })).toHaveCount(1);
  await page.reload();
  await fan.thread().getByText('Kept across a reload').waitFor();
  for (const text of ['Offline one', 'Offline two', 'Kept across a reload'])
    await expect(fan.thread().getByText(text, { exact: true })).toHaveCount(1);
  await creatorContext.close();
});
