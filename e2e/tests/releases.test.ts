import { ShellPage } from '../pages/shell-page';
import { seriousAccessibilityProblems } from '../support/axe';
import { currentVersion, release } from '../support/release';
import { demoReleaseTotpSecret } from '../support/demo';
import { expect, test } from '../support/fixtures';

test.use({
  serverOptions: { name: 'releases', env: { MAILBOX: 'true', SEED_DEMO: 'true' } },
  viewport: { width: 1280, height: 860 },
});

test.describe('releases from the browser', () => {
  test('a release manager rolls chat back on the Releases page, and the next page load runs the previous version', async ({
    page,
    server,
    session,
  }) => {
    // A second chat version, published by the CLI and told apart by its build label.
    const oldVersion = await currentVersion(server.baseUrl, 'chat');
    const label = `e2e-${Date.now()}`;
    const published = await release(server.dataDir, ['publish', 'chat', '--json'], {
      COVE_BUILD_LABEL: label,
    });
    expect(published).toMatchObject({ code: 0 });
    const newVersion = (JSON.parse(published.stdout) as { to: string }).to;
    expect(newVersion).not.toBe(oldVersion);

    // The demo release manager: release routes need a passed second factor, so she signs in with the
    // code of her authenticator app (the demo secret README gives).
    const email = 'cove-release@demo.cove.test';
    await session.signIn(page, email, demoReleaseTotpSecret);

    const shell = new ShellPage(page, server.baseUrl);
    await shell.open('/chats');
    expect(await shell.loadedVersion('chat')).toBe(newVersion);
    expect(await shell.buildLabel('chat')).toBe(label);

    await shell.open('/account');
    await page.getByRole('link', { name: 'Releases' }).click();
    const card = page.getByRole('article', { name: 'chat' });
    await expect(card).toContainText(`Current${newVersion}`);
    await expect(card).toContainText(`Previous${oldVersion}`);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await card.getByRole('button', { name: 'Roll back to previous' }).click();

    const dialog = page.getByRole('dialog', { name: 'Roll chat back?' });
    await expect(dialog).toContainText(`Every browser moves from ${newVersion} to ${oldVersion}`);
    expect(await seriousAccessibilityProblems(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('the labelled build was a test');
    await dialog.getByRole('button', { name: 'Roll back' }).click();
    await expect(dialog.getByRole('status')).toContainText(`chat: ${newVersion} → ${oldVersion}.`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(card).toContainText(`Current${oldVersion}`);
    await expect(
      page.getByRole('list', { name: 'Recent release actions' }).getByRole('listitem').first(),
    ).toContainText(`by web:${email}`);

    // On a phone the cards and the log fit the width.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(card).toContainText(`Current${oldVersion}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 860 });

    // The registry moved for everyone: the next page load runs the previous version, unlabelled.
    expect(await currentVersion(server.baseUrl, 'chat')).toBe(oldVersion);
    await shell.open('/chats');
    expect(await shell.loadedVersion('chat')).toBe(oldVersion);
    expect(await shell.buildLabel('chat')).toBe('');

    // The CLI sees the same change, with who and why.
    const status = await release(server.dataDir, ['status']);
    expect(status.stdout).toContain(`by web:${email}: the labelled build was a test`);
  });
});
