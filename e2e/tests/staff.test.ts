import type { Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { demoStaffTotpSecret } from '../support/demo';

test.use({ serverOptions: { name: 'staff', env: { MAILBOX: 'true', SEED_DEMO: 'true' } } });

// In the demo world alex-fan chats with luna-rivers; cove-staff runs the staff console.
const fanEmail = 'alex-fan@demo.cove.test';
const creatorEmail = 'luna-rivers@demo.cove.test';
const staffEmail = 'cove-staff@demo.cove.test';

const myId = (page: Page) =>
  page.evaluate(async () => {
    const token = window.localStorage.getItem('auth-token') ?? '';
    const res = await fetch('/v1/users/me', { headers: { 'access-token': token } });
    return ((await res.json()) as { _id: string })._id;
  });

test.describe('the staff console', () => {
  test('a fan reports a creator with a reason; staff see it live, warn her in her browser and resolve it', async ({
    page,
    browser,
    server,
    session,
  }) => {
    const fanPage = page;
    const creatorContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const creatorPage = await creatorContext.newPage();
    // Staff on a phone: the console works at 390 px too.
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staffPage = await staffContext.newPage();
    await session.signIn(fanPage, fanEmail);
    await session.signIn(creatorPage, creatorEmail);
    await session.signIn(staffPage, staffEmail, demoStaffTotpSecret);
    const creatorId = await myId(creatorPage);

    // Staff have the console open on the queue, with the demo world's open reports.
    await staffPage.goto(`${server.baseUrl}/account/staff/reports`);
    const queue = staffPage.getByRole('list', { name: 'Reports queue' });
    await expect(queue.getByRole('link', { name: 'Harassment or bullying: casey-fan' })).toBeVisible();
    await expect(queue.getByRole('link', { name: /luna-rivers/ })).toHaveCount(0);
    expect(await seriousAccessibilityProblems(staffPage)).toEqual([]);

    // The fan reports Luna from their chat, with a reason and a note.
    const chat = new ChatPage(fanPage, server.baseUrl);
    await chat.openWith(creatorId);
    await fanPage.getByRole('button', { name: 'Options' }).click();
    await fanPage.getByRole('menuitem', { name: 'Report' }).click();
    await fanPage.getByRole('radio', { name: 'Scam or fraud' }).check();
    await fanPage.getByLabel('What happened? (optional)').fill('She asked me to pay her on another site.');
    await fanPage.getByRole('button', { name: 'Send report' }).click();
    await expect(fanPage.getByText('Thank you. Our team will look at this chat.')).toBeVisible();

    // It appears in the staff queue without a reload, and opens with Luna's messages as evidence.
    const reported = queue.getByRole('link', { name: 'Scam or fraud: luna-rivers' });
    await expect(reported).toBeVisible();
    await reported.click();
    await expect(staffPage.getByText('She asked me to pay her on another site.')).toBeVisible();
    await expect(
      staffPage
        .getByRole('list', { name: 'Evidence' })
        .getByText('Thank you Alex! That trip was magical.', { exact: false }),
    ).toBeVisible();

    // Luna is on her inbox; staff warn her, giving a reason, and resolve the report.
    await creatorPage.goto(`${server.baseUrl}/chats`);
    await staffPage.getByRole('button', { name: 'Assign to me' }).click();
    await expect(staffPage.getByText('(cove-staff@demo.cove.test)')).toBeVisible();
    await staffPage.getByRole('button', { name: 'Warn', exact: true }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Warn: luna-rivers' });
    const confirm = dialog.getByRole('button', { name: 'Warn and resolve' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Asked a fan to pay off Cove.');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(staffPage.getByText('Warn: Asked a fan to pay off Cove.')).toBeVisible();

    // The warning reaches her open browser at once.
    const warning = creatorPage.getByRole('dialog', { name: 'A warning from Cove' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Please keep to the community rules.');

    // The report left the queue; the audit log says who warned her, and why.
    await staffPage.goto(`${server.baseUrl}/account/staff/reports`);
    await expect(queue.getByRole('link', { name: 'Harassment or bullying: casey-fan' })).toBeVisible();
    await expect(queue.getByRole('link', { name: 'Scam or fraud: luna-rivers' })).toHaveCount(0);
    await staffPage.getByRole('tab', { name: 'Audit log' }).click();
    const log = staffPage.getByRole('list', { name: 'Audit log' });
    await expect(log.getByRole('listitem').first()).toContainText('warn global');
    await expect(log.getByRole('listitem').first()).toContainText('Asked a fan to pay off Cove.');

    await creatorContext.close();
    await staffContext.close();
  });
});
