import type { Page } from '@playwright/test';
import { DiscoverPage } from '../pages/discover-page';
import { SettingsPage } from '../pages/settings-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { demoStaffTotpSecret } from '../support/demo';
import { shotsDir } from '../support/images';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'creator-signals', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// In the demo world wren-hale keeps her profile invisible; jordan-fan looks for her in Discover;
// mira-kent has no warning until cove-staff gives her one.
const wrenEmail = 'wren-hale@demo.cove.test';
const fanEmail = 'jordan-fan@demo.cove.test';
const creatorEmail = 'mira-kent@demo.cove.test';
const staffEmail = 'cove-staff@demo.cove.test';

const notices = (page: Page) => page.getByRole('complementary', { name: 'Notices' });
const notice = (page: Page, text: string | RegExp) =>
  notices(page).getByRole('status').filter({ hasText: text });

const myId = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('auth-token') ?? '';
    const res = await fetch('/v1/users/me', { headers: { 'access-token': token } });
    return ((await res.json()) as { _id: string })._id;
  });

test.describe('creator signals', () => {
  test('an invisible creator follows her banner to the privacy switch, turns it off and a fan finds her', async ({
    page,
    browser,
    server,
    session,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await session.signIn(page, wrenEmail);
    const invisible = notice(page, 'Your profile is invisible');
    await expect(invisible).toBeVisible();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}/creator-signals-invisible-390.png` });

    // Meanwhile a fan does not find her.
    const fanContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const fanPage = await fanContext.newPage();
    await session.signIn(fanPage, fanEmail);
    const discover = new DiscoverPage(fanPage, server.baseUrl);
    await discover.open();
    await discover.search('wren');
    await expect(fanPage.getByRole('link', { name: /\bwren-hale\b/ })).toHaveCount(0);

    // By keyboard, the banner's link opens the privacy settings with the switch on.
    await invisible.getByRole('link', { name: 'Privacy settings' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${server.baseUrl}/account/settings/privacy`);
    const settings = new SettingsPage(page);
    await expect(settings.switch(/Invisible profile/)).toBeChecked();
    await settings.toggle(/Invisible profile/);
    await expect(settings.switch(/Invisible profile/)).not.toBeChecked();
    await expect(invisible).toHaveCount(0);

    // Visible again: the fan's next search lists her.
    await fanPage.reload();
    await expect(discover.card('wren-hale')).toBeVisible();
    await fanContext.close();
  });

  test("staff's Discover warning appears live on the creator's open page, with its reason", async ({
    page,
    browser,
    server,
    session,
  }) => {
    await session.signIn(page, creatorEmail);
    const creatorId = await myId(page);
    await page.goto(`${server.baseUrl}/chats`);
    await expect(notice(page, /warning/i)).toHaveCount(0);

    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staffPage = await staffContext.newPage();
    await session.signIn(staffPage, staffEmail, demoStaffTotpSecret);
    await staffPage.goto(`${server.baseUrl}/account/staff/people/${creatorId}`);
    const actions = staffPage.getByLabel('Actions');
    await actions.getByRole('button', { name: 'Visibility penalty' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Visibility penalty: mira-kent' });
    await expect(dialog).toContainText('a first warning (30 days)');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Links to paid content off Cove');
    await dialog.getByRole('button', { name: 'Visibility penalty' }).click();
    await expect(staffPage.getByRole('status').filter({ hasText: 'punishment alert' })).toBeVisible();

    // Without a reload, the creator's page shows the warning and staff's reason.
    const warning = notice(page, 'Warning about your Discover listing');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Reason: Links to paid content off Cove.');
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: `${shotsDir}/creator-signals-warning-1280.png` });

    // Lifted, it goes the same way.
    await actions.getByRole('button', { name: 'Lift visibility penalty' }).click();
    const lift = staffPage.getByRole('dialog', { name: 'Lift visibility penalty: mira-kent' });
    await lift.getByLabel('Reason (kept in the audit log)').fill('Appeal upheld');
    await lift.getByRole('button', { name: 'Lift visibility penalty' }).click();
    await expect(warning).toHaveCount(0);
    await staffContext.close();
  });
});
