import { firstScreenElementId, formatMoney } from '@cove/contracts';
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ConfirmSheet } from '../pages/confirm-sheet';
import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'public-page', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: luna-rivers ($9.90 a month, the first at 30 % off for new subscribers: $6.90) has an
// open photo post, posts for followers and subscribers, and a paid photo whose first line is its teaser.
const openPost = 'Alfama at golden hour';
const price = formatMoney(99);
const firstMonth = formatMoney(69);

/** The content of one of the page's `<meta>` tags, as the server wrote it. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;

const about = (page: Page) => page.getByRole('region', { name: 'About' });
const posts = (page: Page) => page.getByRole('region', { name: 'Posts' });
const post = (page: Page, text: string) => posts(page).locator('article').filter({ hasText: text });

test.describe('public creator pages', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a visitor opens a creator’s page, sees its preview and teasers, signs up from Subscribe and ends subscribed', async ({
    page,
    browser,
    server,
  }) => {
    // What a pasted link's preview reads: the page as the server sends it, before any script.
    const sent = await fetch(`${server.baseUrl}/luna-rivers`);
    expect(sent.status).toBe(200);
    const html = await sent.text();
    expect(html).toContain('<title>luna-rivers on Cove</title>');
    expect(metaOf(html, 'og:title')).toBe('luna-rivers on Cove');
    expect(metaOf(html, 'og:type')).toBe('profile');
    expect(metaOf(html, 'og:description')).toMatch(/^Singer-songwriter from Lisbon/);
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    const image = metaOf(html, 'og:image') ?? '';
    expect(image).toMatch(/^https?:\/\/[^/]+\/media\/public\//);
    const picture = await fetch(`${server.baseUrl}${new URL(image).pathname}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    // Without any script, the page the server drew reads already (docs/frontend-platform.md).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const drawn = await noScript.newPage();
    await drawn.goto(`${server.baseUrl}/luna-rivers`);
    await drawn.getByText(/^Singer-songwriter from Lisbon/).waitFor();
    await drawn.getByText(`${price} per month`, { exact: false }).waitFor();
    await noScript.close();

    // Logged out: the profile, its prices, the open post whole and the others locked, without media.
    await page.goto(`${server.baseUrl}/luna-rivers`);
    await page.getByRole('heading', { name: 'luna-rivers', level: 1 }).waitFor();
    await about(page)
      .getByText(/^Singer-songwriter from Lisbon/)
      .waitFor();
    await about(page).getByText(`${price} per month`, { exact: false }).waitFor();
    await post(page, openPost).getByRole('img', { name: openPost }).waitFor();
    const forSubscribers = posts(page).locator('article').filter({ hasText: 'Subscribe to see this post.' });
    await forSubscribers.waitFor();
    expect(await forSubscribers.getByRole('img').count()).toBe(0);
    await post(page, 'The demo cover, early')
      .getByRole('button', { name: `Unlock for ${formatMoney(40)}` })
      .waitFor();
    expect(await posts(page).locator('img[src*="/bl."]').count()).toBe(0);
    // The app's page replaced the drawn one: nothing shows twice.
    expect(await page.locator(`#${firstScreenElementId}`).count()).toBe(0);
    expect(await page.getByText(/^Singer-songwriter from Lisbon/).count()).toBe(1);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'public-page');

    // Subscribe leads through sign-up (the emailed link makes the account) and back to this page.
    await about(page)
      .getByRole('link', { name: `Subscribe · ${firstMonth} first month` })
      .click();
    await page.waitForURL(/\/login\?next=/);
    const email = `visitor-${Date.now().toString(36)}@example.com`;
    const login = new LoginPage(page, server.baseUrl);
    await login.requestLink(email);
    // The account exists once its link is sent: it gets credits to pay with.
    await admin(server.dataDir, ['grant-credits', email, '1000']);
    const mailbox = new MailboxPage(await page.context().newPage(), server.baseUrl);
    await page.goto(await mailbox.signInLink(email));
    await page.waitForURL(/\/luna-rivers$/);

    // The subscribe they chose, confirmed in dollars, comes first: then the new fan's first steps.
    const sheet = new ConfirmSheet(page);
    await sheet
      .dialog(`Subscribe for ${firstMonth}?`)
      .getByText(/^Renews on .* unless you cancel/)
      .waitFor();
    await sheet.confirm(`Subscribe for ${firstMonth}?`, `Subscribe for ${firstMonth}`);
    await about(page)
      .getByRole('status')
      .getByText(/^Subscribed until /)
      .waitFor();
    await post(page, 'Subscribers only: a night in the studio')
      .getByRole('img', { name: 'Subscribers only: a night in the studio' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/luna-rivers');
    await screenshots(page, 'public-page-subscribed');
    // Then the new fan's first steps.
    const popups = new OnboardingPopups(page);
    await popups.enterCode(await mailbox.verificationCode(email));
    await popups.continueAfterVerified();
    const username = `visitor${Date.now().toString(36)}`;
    await popups.chooseUsername(username);
    await popups.chooseGender('Man');
    await popups
      .dialog(`Welcome to Cove, ${username}`)
      .getByRole('button', { name: 'Start exploring' })
      .click();
  });

  test('a page nobody has says so and is not indexed; Cove’s own paths are never a page', async ({
    page,
    server,
  }) => {
    const missing = await fetch(`${server.baseUrl}/nobody-by-this-name`);
    expect(missing.status).toBe(404);
    expect(metaOf(await missing.text(), 'robots')).toBe('noindex');
    await page.goto(`${server.baseUrl}/nobody-by-this-name`);
    await page.getByText('User Cannot Be Found Or Does Not Exist').waitFor();

    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Sitemap: ');
    const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/luna-rivers<\/loc>/);
  });
});
