import { journey } from '../support/journey';
import { sessions } from '../support/session';

const run = journey('push', { env: { MAILBOX: 'true' } });
const { signIn } = sessions(run);

describe('push notifications', () => {
  it('the shell registers /service-worker.js for the whole site and offers notifications once signed in', async () => {
    const served = await fetch(`${run.server.baseUrl}/service-worker.js`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/javascript/);

    await signIn(run.page, `push-${Date.now().toString(36)}@example.com`);
    const worker = await run.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(worker).toEqual({
      script: `${run.server.baseUrl}/service-worker.js`,
      scope: `${run.server.baseUrl}/`,
    });
    // Headless Chromium starts with the permission undecided, so the offer shows; nothing asks yet.
    expect(await run.page.evaluate(() => Notification.permission)).toBe('default');
    await run.page
      .getByRole('complementary', { name: 'Notifications' })
      .getByRole('button', { name: 'Turn on notifications' })
      .waitFor();
  });
});
