import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { BundleComposer, bundleIn, ChatPage } from '../pages/chat-page';
import { ConfirmSheet } from '../pages/confirm-sheet';
import { HistoryPage } from '../pages/history-page';
import { MailboxPage } from '../pages/mailbox-page';
import { VaultPage } from '../pages/vault-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'bundles', env: { MAILBOX: 'true' } } });

/** A 640 x 480 PNG of one colour, drawn by the browser (each colour is a different file). */
async function colourPng(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = fill;
    context.fillRect(0, 0, 640, 480);
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test.describe('bundle journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a creator sends a 3-item vault bundle with a teaser and a free preview; the fan confirms, unlocks, swipes through it full screen and finds its receipt', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn, api } = session;
    const stamp = Date.now().toString(36);
    const creatorEmail = `bundler-${stamp}@example.com`;
    const fanEmail = `bundle-fan-${stamp}@example.com`;

    // The fan writes first, so the chat exists, and has credits to spend.
    const fanContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const fanPage = await fanContext.newPage();
    const fanToken = await signIn(fanPage, fanEmail);
    const creatorToken = await signIn(page, creatorEmail);
    await admin(server.dataDir, ['make-creator', creatorEmail]);
    await admin(server.dataDir, ['approve', creatorEmail]);
    await admin(server.dataDir, ['grant-credits', fanEmail, '500']);
    // A fan verifies their email before paying (the code the server mailed at sign-in).
    const mailbox = new MailboxPage(await fanContext.newPage(), server.baseUrl);
    await api(fanToken, 'POST', '/v1/users/verify-email', { code: await mailbox.verificationCode(fanEmail) });
    await mailbox.page.close();
    const creatorId = (await api<{ _id: string }>(creatorToken, 'GET', '/v1/users/me'))._id;
    const fanId = (await api<{ _id: string }>(fanToken, 'GET', '/v1/users/me'))._id;
    // ...and has finished their profile, so no onboarding popup stands over the chat.
    await api(fanToken, 'PATCH', `/v1/users/${fanId}`, { username: `fan-${stamp}`, gender: 'male' });
    const creatorName = `bundler-${stamp}`;
    await api(creatorToken, 'PATCH', `/v1/users/${creatorId}`, { username: creatorName });
    await api(fanToken, 'POST', '/v1/chat', { recipient_id: creatorId });
    await api(fanToken, 'POST', '/v1/messages', {
      recipient_id: creatorId,
      text: 'Hi! Anything new?',
      send_id: `e2e-hello-${stamp}`,
    });

    // Three photos in the creator's vault, uploaded earlier.
    for (const colour of ['#e0475b', '#3b82f6', '#16a34a']) {
      const form = new FormData();
      const bytes = await colourPng(page, colour);
      form.append('type', 'paid_message');
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `${colour}.png`);
      const uploaded = await api<{ media_id: string }>(creatorToken, 'POST', '/v1/media', form);
      await expect
        .poll(
          async () =>
            (await api<{ status: string }>(creatorToken, 'GET', `/v1/media/${uploaded.media_id}`)).status,
        )
        .toBe('ready');
    }

    // The creator picks all three from the vault in the chat, prices them and frees the first.
    const creatorChat = new ChatPage(page, server.baseUrl);
    await creatorChat.openWith(fanId);
    const composer = new BundleComposer(page);
    await composer.vaultButton().click();
    await composer.addFromVault('photo 1', 'photo 2', 'photo 3');
    await composer.attachments().getByText('Bundle of 3 (up to 10)').waitFor();
    await composer.price().fill('4.5');
    await composer.freePreview('photo 1').check();
    const teaser = `Three colours, one is on me (${stamp})`;
    await creatorChat.box().fill(teaser);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'bundle-compose');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await bundleIn(creatorChat, '3 photos').waitFor();
    await creatorChat.thread().getByText('3 photos · Paid · $4.50').waitFor();

    // The fan sees the teaser, what is inside, the free preview, and the unlock.
    const fanChat = new ChatPage(fanPage, server.baseUrl);
    await fanChat.openWith(creatorId);
    const bundle = bundleIn(fanChat, '3 photos');
    await bundle.waitFor();
    await fanChat.thread().getByText(teaser).waitFor();
    await fanChat.thread().getByText('3 photos · $4.50').waitFor();
    await bundle.getByText('Free preview').waitFor();
    await bundle.getByRole('img', { name: 'Photo 1 of 3', exact: true }).waitFor();
    await expect(bundle.getByRole('img', { name: /locked$/ })).toHaveCount(2);
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);
    await screenshots(fanPage, 'bundle-locked');

    const before = (await api<{ credits: number }>(fanToken, 'GET', '/v1/users/me')).credits;
    await fanChat.thread().getByRole('button', { name: 'Unlock for $4.50' }).click();
    // The sheet says what the bundle holds before anything is charged.
    const sheet = new ConfirmSheet(fanPage);
    await sheet.dialog('Unlock for $4.50?').getByText('3 photos').waitFor();
    await sheet.confirm('Unlock for $4.50?', 'Unlock for $4.50');
    await expect(bundle.getByRole('img', { name: /locked$/ })).toHaveCount(0);

    for (const n of [1, 2, 3]) {
      const img = bundle.getByRole('img', { name: `Photo ${n} of 3`, exact: true });
      await img.waitFor();
      expect(await img.getAttribute('src')).toMatch(/\/media\//);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await fanChat.thread().getByText('3 photos · Bought · $4.50').waitFor();
    // One charge of the bundle's price opened all three.
    expect((await api<{ credits: number }>(fanToken, 'GET', '/v1/users/me')).credits).toBe(before - 45);
    await screenshots(fanPage, 'bundle-bought');

    // Full screen, the arrows go through the bundle; Escape gives focus back to the photo.
    const second = bundle.getByRole('button', { name: 'Open photo 2 of 3 full screen' });
    await second.click();
    const viewer = fanPage.getByRole('dialog', { name: 'Media viewer' });
    await viewer.getByText('2 of 3').waitFor();
    await fanPage.keyboard.press('ArrowRight');
    await viewer.getByText('3 of 3').waitFor();
    const large = viewer.getByRole('img', { name: 'Photo 3 of 3' });
    await expect.poll(() => large.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshots(fanPage, 'bundle-full-screen');
    await fanPage.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect(second).toBeFocused();

    // The purchase is in his spending history, with its receipt.
    const history = new HistoryPage(fanPage, server.baseUrl);
    await history.open();
    const row = history.row(`Unlocked a message from ${creatorName}, -$4.50`);
    await row.getByRole('link', { name: /^Receipt/ }).click();
    const receipt = history.receipt(`Unlocked a message from ${creatorName}`);
    await expect(history.line(receipt, 'Seller')).toHaveText(creatorName);
    await expect(history.line(receipt, 'Change to your balance')).toHaveText('-$4.50');
    await fanContext.close();

    // The creator's vault shows what each photo earned: her share (36 credits) over the two locked ones.
    const vault = new VaultPage(page, server.baseUrl);
    await vault.open();
    await expect(vault.grid().getByRole('listitem', { name: 'Photo 1' })).toContainText(
      '$0.00 earned · 1 sale',
    );
    for (const name of ['Photo 2', 'Photo 3'])
      await expect(vault.grid().getByRole('listitem', { name })).toContainText('$1.80 earned · 1 sale');
    await screenshots(page, 'bundle-vault');
  });
});
