import { formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ConfirmSheet } from '../pages/confirm-sheet';
import { HistoryPage } from '../pages/history-page';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'subscription-offers', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers ($9.90 a month) offers 3, 6 and 12 months at 10, 15 and 25 % off and a
// first month at 30 % off for new subscribers; sam-fan (tipped her, never subscribed) and jordan-fan
// (never subscribed to her) are new to her.
const lunaEmail = 'luna-rivers@demo.cove.test';
const trialFanEmail = 'sam-fan@demo.cove.test';
const bundleFanEmail = 'jordan-fan@demo.cove.test';
const subscriberPost = 'Subscribers only: a night in the studio';

const about = (page: Page) => page.getByRole('region', { name: 'About' });
const posts = (page: Page) => page.getByRole('region', { name: 'Posts' });
const trialLinks = (page: Page) => page.getByRole('list', { name: 'Your trial links' });

test.describe('subscription offers', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a fan opens a free-trial link, signs in, confirms and is subscribed; the creator sees it used', async ({
    page,
    server,
    session,
    browser,
  }) => {
    // The creator makes a link for 5 fans and keeps her offers open.
    const creator = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await session.signIn(creator, lunaEmail);
    await creator.goto(`${server.baseUrl}/account/subscription-offers`);
    await creator.getByRole('heading', { name: 'Subscription offers' }).waitFor();
    await creator.getByRole('textbox', { name: 'Most fans' }).fill('5');
    await creator.getByRole('button', { name: 'Make trial link' }).click();
    const made = trialLinks(creator).getByRole('listitem').filter({ hasText: 'Used 0 / 5' });
    await made.waitFor();
    expect(await seriousAccessibilityProblems(creator)).toEqual([]);
    await screenshots(creator, 'subscription-offers');
    const url = await made.getByRole('textbox', { name: 'Trial link' }).inputValue();
    expect(url).toMatch(/\/luna-rivers\?trial=[\w-]+$/);

    // Signed out, the link shows the offer in dollars and leads through sign-in back to it.
    await page.goto(url);
    const offer = page.getByRole('region', { name: `Free for 7 days, then ${formatMoney(99)} a month` });
    await offer.waitFor();
    await offer.getByRole('link', { name: 'Start free trial' }).click();
    await page.waitForURL(/\/login\?next=/);
    await new LoginPage(page, server.baseUrl).requestLink(trialFanEmail);
    const mailbox = new MailboxPage(await page.context().newPage(), server.baseUrl);
    await page.goto(await mailbox.signInLink(trialFanEmail));
    await page.waitForURL(/\/luna-rivers\?trial=/);

    // Signed in: renewal is the fan's explicit choice, confirmed with the price.
    await offer
      .getByRole('checkbox', { name: `Renew at ${formatMoney(99)} a month after the trial` })
      .check();
    await offer.getByRole('button', { name: 'Start free trial' }).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: `Free for 7 days, then ${formatMoney(99)} a month` });
    await confirm.getByText(`for ${formatMoney(99)} unless you turn renewal off`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Start free trial' }).click();
    await offer
      .getByRole('status')
      .getByText(/^Your free trial is on until /)
      .waitFor();
    await posts(page)
      .locator('article')
      .filter({ hasText: subscriberPost })
      .getByRole('img', { name: subscriberPost })
      .waitFor();
    await about(page)
      .getByRole('status')
      .getByText(/^Subscribed until /)
      .waitFor();

    // The creator's list counts it at once, without a reload.
    await trialLinks(creator).getByRole('listitem').filter({ hasText: 'Used 1 / 5' }).waitFor();
    await creator.context().close();
  });

  test('a fan buys 3 months up front after confirming the dollar total, and history names the bundle', async ({
    page,
    server,
    session,
  }) => {
    await session.signIn(page, bundleFanEmail);
    await admin(server.dataDir, ['grant-credits', bundleFanEmail, '1000']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/luna-rivers`);
    // The promotion's price and end, then each bundle with its total and saving.
    await about(page)
      .getByRole('button', { name: `Subscribe · ${formatMoney(69)} first month` })
      .waitFor();
    await about(page)
      .getByRole('note')
      .getByText(/^30% off your first month, then \$9\.90 a month\. Offer ends /)
      .waitFor();
    const bundles = about(page).getByRole('list', { name: 'Pay for several months' });
    const three = bundles.getByRole('button', { name: /^3 months/ });
    await expect(three).toContainText(formatMoney(267));
    await expect(three).toContainText(`Save ${formatMoney(30)} (10% off)`);
    await bundles.getByRole('button', { name: /^12 months/ }).waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'subscribe-bundles');

    await three.click();
    const sheet = new ConfirmSheet(page);
    const title = `Subscribe for ${formatMoney(267)}?`;
    await sheet.dialog(title).getByText('Price for the first 90 days').waitFor();
    await sheet
      .dialog(title)
      .getByText(new RegExp(`^Renews on .* for \\${formatMoney(99)} a month unless you cancel`))
      .waitFor();
    await sheet.confirm(title, `Subscribe for ${formatMoney(267)}`);
    await about(page)
      .getByRole('status')
      .getByText(/^Subscribed until /)
      .waitFor();

    const history = new HistoryPage(page, server.baseUrl);
    await history.open();
    await history.row(`Subscribed to luna-rivers (3 months, 10% off), -${formatMoney(267)}`).waitFor();
  });
});
