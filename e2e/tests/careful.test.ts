import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { VaultPage } from '../pages/vault-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'careful', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// In the demo world alex-fan subscribes to luna-rivers and has her photos in his chat.
const fanEmail = 'alex-fan@demo.cove.test';
const creatorEmail = 'luna-rivers@demo.cove.test';

/** A call to the API as the signed-in person of a page, with the page's own token. */
const apiAs = <T>(page: Page, path: string) =>
  page.evaluate(async (url) => {
    const token = window.localStorage.getItem('auth-token') ?? '';
    const res = await fetch(url, { headers: { 'access-token': token } });
    return (await res.json()) as unknown;
  }, path) as Promise<T>;
const myId = async (page: Page) => (await apiAs<{ _id: string }>(page, '/v1/users/me'))._id;

test.describe('careful journeys', () => {
  test('photos open full screen: through the vault with the arrow keys, zoomed, closed with Escape', async ({
    page,
    server,
    session,
  }) => {
    await session.signIn(page, creatorEmail);
    const vault = new VaultPage(page, server.baseUrl);
    await vault.open();
    const opener = vault.grid().getByRole('button', { name: 'Open Photo 1 full screen' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Media viewer' });
    await viewer.waitFor();
    await expect(viewer.getByText(/^1 of \d+$/)).toBeVisible();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);

    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/^2 of \d+$/)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(viewer.getByText(/^1 of \d+$/)).toBeVisible();

    // The photo grows with Zoom in and is loaded from the media host, whole.
    const photo = viewer.getByRole('img');
    await viewer.getByRole('button', { name: 'Zoom in' }).click();
    await expect(photo).toHaveAttribute('data-scale', '1.5');
    expect(await photo.getAttribute('src')).toMatch(/\/media\//);

    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('a creator blocks a subscriber after confirming, and the fan sees a closed chat at once', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const fanPage = page;
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const creatorPage = await creatorContext.newPage();
    await session.signIn(fanPage, fanEmail);
    await session.signIn(creatorPage, creatorEmail);
    const fan = new ChatPage(fanPage, server.baseUrl);
    const creator = new ChatPage(creatorPage, server.baseUrl);
    const [fanId, creatorId] = [await myId(fanPage), await myId(creatorPage)];
    const subscriptions = () => apiAs<{ total: number }>(fanPage, '/v1/subscriptions');
    expect((await subscriptions()).total).toBe(1);

    // The fan's chat is open and he could write and tip.
    await fan.openWith(creatorId);
    await expect(fanPage.getByRole('button', { name: 'Tip' })).toBeVisible();
    // A photo of hers opens large here too.
    await fan
      .thread()
      .getByRole('button', { name: /^Open .* full screen$/ })
      .first()
      .click();
    await fanPage.getByRole('dialog', { name: 'Media viewer' }).waitFor();
    await fanPage.keyboard.press('Escape');
    await expect(fanPage.getByRole('dialog', { name: 'Media viewer' })).toBeHidden();

    await creator.openWith(fanId);
    const options = creatorPage.getByRole('button', { name: 'Options' });
    await options.click();
    await creatorPage.getByRole('menuitem', { name: 'Block', exact: true }).click();
    const ask = creatorPage.getByRole('dialog', { name: 'Block alex-fan?' });
    await expect(ask).toContainText('their subscription ends now and they get back the days left');
    expect(await seriousAccessibilityProblems(creatorPage, '[role="dialog"]')).toEqual([]);

    // Called off: nothing happens and focus is back on Options.
    await creatorPage.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(options).toBeFocused();
    await expect(fanPage.getByRole('button', { name: 'Tip' })).toBeVisible();

    await options.click();
    await creatorPage.getByRole('menuitem', { name: 'Block', exact: true }).click();
    await ask.getByRole('button', { name: 'Block' }).click();
    await creatorPage.getByText('Blocked: neither of you can send messages now.').waitFor();
    await creatorPage.getByText('You blocked alex-fan. Neither of you can send messages here.').waitFor();

    // The fan's open chat closes without a reload: why, and no composer or Tip.
    await fanPage.getByText('You can’t message luna-rivers: they have blocked you.').waitFor();
    await expect(fan.box()).toBeHidden();
    await expect(fanPage.getByRole('button', { name: 'Tip' })).toBeHidden();
    expect((await subscriptions()).total).toBe(0);
    expect(await seriousAccessibilityProblems(fanPage, '[role="status"]')).toEqual([]);

    // Still closed after a reload; the thread (opened at its newest message) says his subscription
    // ended and the days left came back to him, in dollars.
    await fanPage.reload();
    await fanPage.getByText('You can’t message luna-rivers: they have blocked you.').waitFor();
    await fan
      .thread()
      .getByText(/Your subscription to luna-rivers ended\. \$\d+\.\d\d for the days left/)
      .waitFor();
    await creatorContext.close();
  });
});
