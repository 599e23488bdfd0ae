import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { OnboardingPopups } from '../pages/onboarding-popups';
import { admin } from '../support/admin';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoStaffTotpSecret } from '../support/demo';

test.use({ serverOptions: { name: 'support', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// In the demo world alex-fan chats with luna-rivers; cove-staff is staff.
const fanEmail = 'alex-fan@demo.cove.test';
const staffEmail = 'cove-staff@demo.cove.test';
const frozenText = 'Your account has been temporarily frozen. Please respond to your chat with support.';

/** Opens `url` on `page` and waits until its socket has been greeted, so live events reach it. */
async function openLive(page: Page, url: string): Promise<void> {
  const socketOpen = page.waitForEvent('websocket');
  await page.goto(url);
  const socket = await socketOpen;
  await socket.waitForEvent('framereceived', (f) => String(f.payload).includes('"init"'));
}

/** Closes a greeting or notice that a fresh sign-in may show first, if one comes. */
async function closeAnyPopup(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog').first();
  try {
    await dialog.waitFor({ timeout: 3_000 });
  } catch {
    return;
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('support for a frozen account', () => {
  test('staff freeze a fan, he may write to support only, support answers, and unfreezing opens his chats live', async ({
    page,
    browser,
    server,
    session,
  }) => {
    await session.signIn(page, fanEmail);
    const fan = new ChatPage(page, server.baseUrl);
    await openLive(page, `${server.baseUrl}/chats`);

    await admin(server.dataDir, ['freeze', fanEmail]);
    const popup = new OnboardingPopups(page).dialog('Your account is frozen');
    await expect(popup).toContainText(frozenText);
    await popup.getByText('Close', { exact: true }).click();

    // Support's chat is on top of his list, with its first message, and he can answer there.
    const supportRow = fan.inbox().getByRole('link', { name: /support/ });
    await supportRow.click();
    await fan
      .thread()
      .getByText(/temporarily frozen your account/)
      .waitFor();
    await fan.send('It was not me, my phone was stolen.');
    await fan.thread().getByText('It was not me, my phone was stolen.').waitFor();

    // Any other chat stays closed to him.
    await fan
      .inbox()
      .getByRole('link', { name: /luna-rivers/ })
      .click();
    await page.getByText(frozenText).first().waitFor();
    await expect(fan.box()).toBeHidden();

    // Staff read and answer from their screen.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const staffPage = await staffContext.newPage();
    // The demo staff member has not told her gender yet: the onboarding would ask first.
    const staffToken = await session.signIn(staffPage, staffEmail, demoStaffTotpSecret);
    const staffId = (await session.api<{ _id: string }>(staffToken, 'GET', '/v1/users/me'))._id;
    await session.api(staffToken, 'PATCH', `/v1/users/${staffId}`, { gender: 'female' });
    await staffPage.goto(`${server.baseUrl}/account`);
    await closeAnyPopup(staffPage);
    await staffPage
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: 'Support chats' })
      .click();
    const chats = staffPage.getByRole('list', { name: 'Support chats' });
    await chats.getByRole('link', { name: /alex-fan.*Frozen.*1 unread/ }).click();
    const thread = staffPage.getByRole('region', { name: 'Support chat with alex-fan' });
    await thread.getByText('It was not me, my phone was stolen.').waitFor();
    expect(await seriousAccessibilityProblems(staffPage)).toEqual([]);
    await thread.getByRole('textbox', { name: 'Answer as support' }).fill('Thanks, we are checking it now.');
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByText('Thanks, we are checking it now.').waitFor();
    await staffContext.close();

    // The answer reaches him live.
    await supportRow.click();
    await fan.thread().getByText('Thanks, we are checking it now.').waitFor();

    // Unfrozen: his chats open again without a reload.
    await admin(server.dataDir, ['unfreeze', fanEmail]);
    await fan
      .inbox()
      .getByRole('link', { name: /luna-rivers/ })
      .click();
    await fan.box().waitFor();
    await fan.send('Back again!');
    await fan.thread().getByText('Back again!').waitFor();
    await expect(page.getByRole('dialog', { name: 'Your account is frozen' })).toBeHidden();
  });
});
