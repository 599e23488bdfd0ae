import { mkdirSync } from 'node:fs';
import { formatMoney } from '@cove/contracts';
import { NotificationsPage } from '../pages/notifications-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { screenshots, shotsDir } from '../support/images';

test.use({ serverOptions: { name: 'notifications', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// The demo world: alex-fan has credits and a chat with luna-rivers (server/src/seed/demo-notifications.ts
// gives both of them every kind of record, a few unread).
const lunaEmail = 'luna-rivers@demo.cove.test';
const alexEmail = 'alex-fan@demo.cove.test';

test.describe('notifications journeys', () => {
  test.beforeAll(() => mkdirSync(shotsDir, { recursive: true }));

  test('a fan tips; the creator sees it arrive live with its amount, opens nothing, and marks all read', async ({
    page,
    server,
    session,
  }) => {
    const { signIn, tokenOf, api } = session;
    await page.setViewportSize({ width: 1280, height: 860 });
    const luna = await signIn(page, lunaEmail);
    const lunaId = (await api<{ _id: string }>(luna, 'GET', '/v1/users/me'))._id;
    const centre = new NotificationsPage(page, server.baseUrl);
    await centre.open();
    await expect(centre.record(/alex-fan tipped you/).first()).toBeVisible();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await screenshots(page, 'notifications');

    // The tip, made while her page is open: it arrives at the top without a reload.
    const alex = await tokenOf(alexEmail);
    const chat = await api<{ data: { chat_id: string } }>(alex, 'GET', `/v1/chat?recipient_id=${lunaId}`);
    await api(alex, 'POST', '/v1/messages/tip', {
      chat_id: chat.data.chat_id,
      amount: 42,
      send_id: `e2e-notifications-tip-${Date.now().toString(36)}`,
    });
    const tip = centre.record(`New tip alex-fan tipped you ${formatMoney(42)}. just now New`);
    await expect(tip).toBeVisible();
    await expect(centre.list().getByRole('button').first()).toHaveAccessibleName(
      new RegExp(`tipped you \\${formatMoney(42)}`),
    );

    await centre.markAllRead().click();
    await expect(centre.summary('All caught up')).toBeVisible();
    await expect(centre.list().getByText('New', { exact: true })).toHaveCount(0);
    await expect(centre.markAllRead()).toBeDisabled();
    // Read on the server too: a fresh page says the same.
    await centre.open();
    await expect(centre.summary('All caught up')).toBeVisible();
  });
});
