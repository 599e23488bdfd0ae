import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { VaultPage } from '../pages/vault-page';
import { admin } from '../support/admin';
import { expect, test } from '../support/fixtures';
import { tinyPng } from '../support/images';

test.use({ serverOptions: { name: 'vault', env: { MAILBOX: 'true' } } });

test.describe('vault journeys', () => {
  test('a creator uploads a photo to the vault, watching its progress, and sees its thumbnail', async ({
    page,
    server,
    session,
  }) => {
    const email = `creator-${Date.now().toString(36)}@example.com`;
    await session.signIn(page, email);
    await admin(server.dataDir, ['make-creator', email]);
    await admin(server.dataDir, ['approve', email]);

    const vault = new VaultPage(page, server.baseUrl);
    await vault.open();
    await page.getByRole('heading', { name: 'Your vault is empty' }).waitFor();

    // Hold the upload's answer until the progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/media', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await held;
      return route.fallback();
    });
    await vault.choose({ name: 'dot.png', mimeType: 'image/png', buffer: tinyPng });
    await vault.progress('dot.png').waitFor();
    release();

    const thumb = vault.grid().getByRole('img', { name: 'Photo 1' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).toMatch(/\/media\/.+\/th\.jpg$/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Photo 1"]');
      return img?.complete === true && img.naturalWidth > 0;
    });
    expect(await vault.progress('dot.png').count()).toBe(0);
  });

  test('on another name for the site, a large photo is sent at 1440 px and the same photo again is reused', async ({
    page,
    context,
    server,
  }) => {
    // The server calls itself 127.0.0.1 (PUBLIC_URL); the person opens it as localhost.
    const site = server.baseUrl.replace('127.0.0.1', 'localhost');
    const email = `wide-${Date.now().toString(36)}@example.com`;
    const login = new LoginPage(page, site);
    await login.open();
    await login.requestLink(email);
    const mailbox = new MailboxPage(await context.newPage(), server.baseUrl);
    await page.goto((await mailbox.signInLink(email)).replace(server.baseUrl, site));
    await page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    await admin(server.dataDir, ['make-creator', email]);
    await admin(server.dataDir, ['approve', email]);
    const vault = new VaultPage(page, site);
    await vault.open();
    await page.getByRole('heading', { name: 'Your vault is empty' }).waitFor();

    // A 3000 x 2000 PNG drawn by the browser itself.
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 3000;
      canvas.height = 2000;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      const gradient = context.createLinearGradient(0, 0, 3000, 2000);
      gradient.addColorStop(0, '#3355ff');
      gradient.addColorStop(1, '#ff7733');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 3000, 2000);
      return canvas.toDataURL('image/png');
    });
    const wide = {
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
    };

    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/v1/media') && r.request().method() === 'POST',
    );
    await vault.choose(wide);
    const upload = await posted;
    expect(new URL(upload.url()).origin).toBe(site);
    expect(upload.status()).toBe(200);
    expect(await upload.json()).toMatchObject({ width: 1440, height: 960 });
    await vault.grid().getByRole('img', { name: 'Photo 1' }).waitFor();

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/v1/media')) posts.push(r.url());
    });
    const checked = page.waitForResponse((r) => r.url().includes('/v1/media/available'));
    await vault.choose(wide);
    expect(await (await checked).json()).toMatchObject({ status: true });
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await vault.grid().getByRole('listitem').count()).toBe(1);
    expect(posts).toEqual([]);
  });
});
