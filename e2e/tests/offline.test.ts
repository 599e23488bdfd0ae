import { ChatPage } from '../pages/chat-page';
import { MailboxPage } from '../pages/mailbox-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'offline', env: { MAILBOX: 'true' } } });

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
  // Two browsers, an outage and a reload, and waits for the connection's return: a long journey.
  test.slow();
  const { signIn, api } = session;
  const stamp = Date.now().toString(36);
  const creatorEmail = `offline-creator-${stamp}@example.com`;
  const fanEmail = `offline-fan-${stamp}@example.com`;
  // The creator writes for free, so what she writes offline may wait; she is on a phone.
  const creatorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const creatorPage = await creatorContext.newPage();
  const fanToken = await signIn(page, fanEmail);
  const creatorToken = await signIn(creatorPage, creatorEmail);
  await admin(server.dataDir, ['make-creator', creatorEmail]);
  await admin(server.dataDir, ['approve', creatorEmail]);
  await admin(server.dataDir, ['grant-credits', fanEmail, '500']);
  const mailbox = new MailboxPage(await browser.newPage(), server.baseUrl);
  await api(fanToken, 'POST', '/v1/users/verify-email', { code: await mailbox.verificationCode(fanEmail) });
  await mailbox.page.close();
  const creatorId = (await api<{ _id: string }>(creatorToken, 'GET', '/v1/users/me'))._id;
  const fanId = (await api<{ _id: string }>(fanToken, 'GET', '/v1/users/me'))._id;
  await api(fanToken, 'PATCH', `/v1/users/${fanId}`, { username: `fan-${stamp}`, gender: 'male' });
  await api(creatorToken, 'PATCH', `/v1/users/${creatorId}`, { username: `nova-${stamp}` });
  await api(fanToken, 'POST', '/v1/chat', { recipient_id: creatorId });
  await api(fanToken, 'POST', '/v1/messages', {
    recipient_id: creatorId,
    text: 'Hi Nova!',
    send_id: `e2e-hello-${stamp}`,
  });
  const fan = new ChatPage(page, server.baseUrl);
  const creator = new ChatPage(creatorPage, server.baseUrl);
  await fan.openWith(creatorId);
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
  // The reloaded page loads the chat remote again before it shows the box.
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toContainText(
    'Kept across a reload',
    { timeout: 30_000 },
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

  // Written while the server does not answer, then the page reloaded on Discover: no chat screen is
  // open when the server answers again, and the message goes from there, once and in order.
  await creatorPage.route('**/v1/messages', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await creator.send('Sent from Discover');
  await creatorPage.getByRole('group', { name: 'Waiting to send' }).waitFor();
  await creatorPage.goto(`${server.baseUrl}/discover`);
  await creatorPage.getByRole('heading', { name: 'Discover', level: 1 }).waitFor();
  await creatorPage.unroute('**/v1/messages');
  await fan.thread().getByText('Sent from Discover').waitFor({ timeout: 60_000 });
  expect(creatorPage.url()).toBe(`${server.baseUrl}/discover`);
  const all = [...texts, 'Kept across a reload', 'Sent from Discover'];
  expect(await order(fan, all)).toEqual([
    'Are you there?',
    'Offline one',
    'Offline two',
    'Kept across a reload',
    'Sent from Discover',
  ]);
  // The conversation, opened afterwards, shows it sent, once, and nothing waiting.
  await creator.openWith(fanId);
  await creator.thread().getByText('Sent from Discover').waitFor();
  await expect(creator.thread().getByText('Sent from Discover', { exact: true })).toHaveCount(1);
  await expect(creatorPage.getByRole('group', { name: 'Waiting to send' })).toHaveCount(0);
  await page.reload();
  await fan.thread().getByText('Sent from Discover').waitFor();
  await expect(fan.thread().getByText('Sent from Discover', { exact: true })).toHaveCount(1);
  await creatorContext.close();
});
