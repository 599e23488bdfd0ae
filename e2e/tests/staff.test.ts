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

  test("staff see riley's ID photo in review, and refund one of alex's payments from the console", async ({
    page,
    browser,
    server,
    session,
  }) => {
    const fanPage = page;
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const staffPage = await staffContext.newPage();
    await session.signIn(fanPage, fanEmail);
    await session.signIn(staffPage, staffEmail, demoStaffTotpSecret);
    const fanId = await myId(fanPage);

    // The application waits with the photo riley took on the identity page; it shows when asked.
    await staffPage.goto(`${server.baseUrl}/account/staff/applications`);
    const application = staffPage.getByRole('listitem', { name: 'riley-applicant' });
    await application.getByRole('button', { name: 'Show ID document' }).click();
    const photo = application.getByRole('img', { name: 'ID document of riley-applicant' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1000);
    await expect(application).toContainText('This view is in the audit log.');
    expect(await seriousAccessibilityProblems(staffPage)).toEqual([]);

    // The look is in the audit log, with who looked.
    await staffPage.getByRole('tab', { name: 'Audit log' }).click();
    const log = staffPage.getByRole('list', { name: 'Audit log' });
    await expect(log.getByRole('listitem').first()).toContainText('view_id_document');
    await expect(log.getByRole('listitem').first()).toContainText('staff:cove-staff@demo.cove.test');

    // Alex has his refunds and chargebacks open in his history.
    await fanPage.goto(`${server.baseUrl}/account/history`);
    await fanPage.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Refunds and chargebacks' });
    const history = fanPage.getByRole('list', { name: 'Spending history' });
    await expect(history.getByRole('listitem').first()).toBeVisible();
    const before = await history.getByRole('listitem').count();

    // Staff refund his newest paid package from his page, confirming the amount and saying why.
    await staffPage.goto(`${server.baseUrl}/account/staff/people/${fanId}`);
    const payments = staffPage.getByRole('list', { name: 'Payments' });
    const refunded = payments.getByRole('listitem').filter({ hasText: /· refunded$/ });
    await expect(payments.getByRole('listitem').first()).toBeVisible();
    const refundedBefore = await refunded.count();
    const refund = payments.getByRole('button', { name: /^Refund \$/ }).first();
    const label = (await refund.getAttribute('aria-label')) ?? '';
    const amount = /^Refund (\$[\d,.]+) /.exec(label)?.[1] ?? '';
    expect(amount).not.toBe('');
    await refund.click();
    const dialog = staffPage.getByRole('dialog', { name: `Refund: ${amount}` });
    await expect(dialog).toContainText(`${amount} goes back to the card`);
    const confirm = dialog.getByRole('button', { name: `Refund ${amount}` });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Bought the wrong package.');
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(
      staffPage.getByRole('status').filter({ hasText: 'asked; the credits go back' }),
    ).toBeVisible();
    // The provider confirms: the payment reads refunded on staff's page and in Alex's open history.
    await expect(refunded).toHaveCount(refundedBefore + 1);
    await expect(history.getByRole('listitem')).toHaveCount(before + 1);
    const audit = staffPage.getByRole('list', { name: 'Audit log' });
    await expect(audit.getByRole('listitem').first()).toContainText('refund');
    await expect(audit.getByRole('listitem').first()).toContainText('Bought the wrong package.');

    await staffContext.close();
  });
});
