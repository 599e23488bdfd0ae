import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'push', env: { MAILBOX: 'true' } } });

test.describe('push notifications', () => {
  test('the shell registers /service-worker.js for the whole site and offers notifications once signed in', async ({
    page,
    server,
    session,
  }) => {
    const served = await fetch(`${server.baseUrl}/service-worker.js`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/javascript/);

    await session.signIn(page, `push-${Date.now().toString(36)}@example.com`);
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({
      script: `${server.baseUrl}/service-worker.js`,
      scope: `${server.baseUrl}/`,
    });
    // Headless Chromium starts with the permission undecided, so the offer shows; nothing asks yet.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page
      .getByRole('complementary', { name: 'Notifications' })
      .getByRole('button', { name: 'Turn on notifications' })
      .waitFor();
  });
});
