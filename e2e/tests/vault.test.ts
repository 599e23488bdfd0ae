import { LoginPage } from '../pages/login-page';
import { MailboxPage } from '../pages/mailbox-page';
import { VaultPage } from '../pages/vault-page';
import { admin } from '../support/admin';
import { journey } from '../support/journey';

const run = journey('vault', { env: { MAILBOX: 'true' } });

/** A 4 x 4 red PNG (made with sharp), small enough to write out here. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGM4Y2wMRwzEcQD7ExMhLF3NIwAAAABJRU5ErkJggg==',
  'base64',
);

describe('vault journeys', () => {
  it('a creator uploads a photo to the vault, watching its progress, and sees its thumbnail', async () => {
    const email = `creator-${Date.now().toString(36)}@example.com`;
    const login = new LoginPage(run.page, run.server.baseUrl);
    await login.open();
    await login.requestLink(email);
    const mailbox = new MailboxPage(await run.context.newPage(), run.server.baseUrl);
    await run.page.goto(await mailbox.signInLink(email));
    await run.page.waitForFunction(() => window.localStorage.getItem('auth-token') !== null);
    await admin(run.server.dataDir, ['make-creator', email]);
    await admin(run.server.dataDir, ['approve', email]);

    const vault = new VaultPage(run.page, run.server.baseUrl);
    await vault.open();
    await run.page.getByRole('heading', { name: 'Your vault is empty' }).waitFor();

    // Hold the upload's answer until the progress bar has been seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await run.page.route('**/v1/media', async (route) => {
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
    await run.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Photo 1"]');
      return img?.complete === true && img.naturalWidth > 0;
    });
    expect(await vault.progress('dot.png').count()).toBe(0);
  });
});
