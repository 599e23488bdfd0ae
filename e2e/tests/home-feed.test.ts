import { formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import { HomeFeedPage } from '../pages/home-feed-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'home-feed', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: alex-fan follows luna-rivers (and subscribes), mira-kent and ivy-moon; Ivy sells a
// photo for $3.00 and has a post for subscribers only.
const fanEmail = 'alex-fan@demo.cove.test';
const lunaEmail = 'luna-rivers@demo.cove.test';

test.describe('the home feed', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a creator posts while the fan reads: the marker says so, a tap brings the post in', async ({
    page,
    session,
    server,
  }) => {
    const { signIn, tokenOf, api } = session;
    const luna = await tokenOf(lunaEmail);
    await signIn(page, fanEmail);
    const home = new HomeFeedPage(page, server.baseUrl);
    await home.open();

    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await home.postWithText('Day 7: a week in').waitFor();
    await home.posts().getByRole('link', { name: 'ivy-moon' }).first().waitFor();
    // Ivy's paid photo (Luna's three-photo tour diary costs the same).
    await home
      .posts()
      .locator('article')
      .filter({ has: page.getByRole('link', { name: 'ivy-moon' }) })
      .getByRole('button', { name: `Unlock for ${formatMoney(30)}` })
      .waitFor();
    await home.postWithText('Tour diary').getByText('3 photos').first().waitFor();
    await home.posts().getByText('Subscribe to see this post.').waitFor();
    expect(await home.newPosts().count()).toBe(0);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}/home-feed-1280.png`, fullPage: true });

    const text = 'Soundcheck done, doors at nine.';
    await api(luna, 'POST', '/v1/feed', { type: 'text', text, send_id: `e2e-home-${Date.now()}` });
    await expect(home.newPosts()).toHaveText('↑ 1 new post');
    // The list did not move under the reader.
    expect(await home.postWithText(text).count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shotsDir}/home-feed-390.png` });

    await home.newPosts().click();
    await home.postWithText(text).waitFor();
    await expect(home.newPosts()).toHaveCount(0);
    await expect(home.posts().locator('article').first()).toContainText(text);
    await expect(home.posts()).toBeFocused();

    await home.postWithText(text).getByRole('link', { name: 'luna-rivers' }).click();
    await page.getByRole('heading', { name: 'luna-rivers', level: 1 }).waitFor();
  });
});
