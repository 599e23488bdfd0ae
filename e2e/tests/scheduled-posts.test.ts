import { formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ConfirmSheet } from '../pages/confirm-sheet';
import { CreatorProfilePage } from '../pages/creator-profile-page';
import { HomeFeedPage } from '../pages/home-feed-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'scheduled-posts', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: alex-fan follows mira-kent.
const creatorEmail = 'mira-kent@demo.cove.test';
const fanEmail = 'alex-fan@demo.cove.test';

/** A photo drawn by the browser, different for each colour (the same bytes would be one media). */
async function drawnPhoto(page: Page, name: string, colour: string) {
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
  return { name, mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

test.describe('scheduled posts', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a creator schedules a two-photo post; it reaches the fan when due, and its numbers tick as the fan views and buys it', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const { signIn, api } = session;
    const stamp = Date.now().toString(36);
    const text = `Three sunrises in one week (${stamp})`;
    const creatorId = (await api<{ _id: string }>(await signIn(page, creatorEmail), 'GET', '/v1/users/me'))
      ._id;
    await admin(server.dataDir, ['grant-credits', fanEmail, '100']);

    // The creator writes the post, adds two photos (each with its own progress) and a price.
    const profile = new CreatorProfilePage(page, server.baseUrl);
    await profile.open(creatorId);
    const form = profile.composer();
    await form.getByRole('textbox', { name: 'New post' }).fill(text);
    await profile.attach([
      await drawnPhoto(page, 'dawn.png', '#ff9966'),
      await drawnPhoto(page, 'noon.png', '#3366ff'),
    ]);
    await form.getByText('Photo 2 of 2').waitFor();
    await form.getByLabel('Price ($, optional)').fill('2');

    // Scheduled a little more than a minute ahead, in the creator's own clock.
    await form.getByRole('checkbox', { name: 'Schedule' }).check();
    const soon = await page.evaluate(() => {
      const at = new Date(Date.now() + 70_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
    });
    await form.getByLabel('Publish at (your time)').fill(soon);
    await form.getByRole('button', { name: 'Schedule', exact: true }).click();
    await form
      .getByRole('status')
      .getByText(/^Scheduled for .*Only you see it until then\.$/)
      .waitFor();
    const scheduled = profile.scheduled();
    await expect(scheduled).toHaveAccessibleName('Scheduled (1)');
    await scheduled.getByText(text).waitFor();
    await scheduled.getByText('2 photos', { exact: true }).waitFor();
    expect(await profile.postWithText(text).count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'scheduled-posts');

    // The fan's home feed does not have it yet.
    const fanContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const fanPage = await fanContext.newPage();
    await signIn(fanPage, fanEmail);
    const home = new HomeFeedPage(fanPage, server.baseUrl);
    await home.open();
    expect(await home.postWithText(text).count()).toBe(0);

    // When it is due the minute sweep publishes it: the creator's list empties and her feed has it.
    await scheduled.waitFor({ state: 'detached', timeout: 150_000 });
    await profile.postWithText(text).waitFor();
    // The fan hears of it live: the marker brings it in, or the list has it already when it was
    // read again since (the window came back into focus).
    const fanPost = home.postWithText(text);
    await expect(home.newPosts().or(fanPost).first()).toBeVisible({ timeout: 60_000 });
    if (await home.newPosts().isVisible()) await home.newPosts().click();

    // The fan is shown it, locked: what it holds and its price, none of the photos. It counts as
    // the creator's first view, live.
    await fanPost.getByText('2 photos', { exact: true }).waitFor();
    await expect(profile.statsOf(text)).toContainText('1 view');
    await expect(profile.statsOf(text)).toContainText('0 unlocks');

    // The fan buys it: both photos open in a carousel the keyboard moves through.
    await fanPost.getByRole('button', { name: `Unlock for ${formatMoney(20)}` }).click();
    // The sheet says what one purchase opens: both photos.
    const sheet = new ConfirmSheet(fanPage);
    const question = `Unlock this post for ${formatMoney(20)}?`;
    await expect(sheet.dialog(question)).toContainText('2 photos');
    await sheet.confirm(question, `Unlock for ${formatMoney(20)}`);
    const carousel = home.postWithText(text).getByRole('region', { name: 'Photos and videos' });
    await carousel.getByText('1 of 2').waitFor();
    await carousel.focus();
    await fanPage.keyboard.press('ArrowRight');
    await carousel.getByRole('group', { name: 'Photo 2 of 2' }).waitFor();
    expect(await seriousAccessibilityProblems(fanPage)).toEqual([]);

    // The creator's numbers ticked without a reload: one unlock, 80% of $2.00 earned.
    await expect(profile.statsOf(text)).toContainText('1 unlock');
    await expect(profile.statsOf(text)).toContainText(`${formatMoney(16)} earned`);
    await profile.postWithText(text).getByRole('button', { name: 'Statistics' }).click();
    const view = profile.postWithText(text).getByRole('region', { name: 'Statistics for this post' });
    await view.getByText(formatMoney(16)).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shotsDir}/post-stats-390.png` });

    await fanContext.close();
  });
});
