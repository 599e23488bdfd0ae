import type { Response } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { expect, test } from '../support/fixtures';

// A new visitor on a phone, as Lighthouse's mobile run loads the site.
test.use({
  serverOptions: { name: 'delivery', env: { MAILBOX: 'true' } },
  viewport: { width: 390, height: 844 },
  isMobile: true,
});

/** Files the build leaves uncompressed because a copy would save nearly nothing. */
const tinyBytes = 256;
const immutable = 'public, max-age=31536000, immutable';

test.describe('static delivery', () => {
  test('sends the first visit’s page, scripts and styles brotli-compressed, versioned files immutable', async ({
    page,
    server,
  }) => {
    const responses: Response[] = [];
    page.on('response', (res) => {
      if (['document', 'script', 'stylesheet'].includes(res.request().resourceType())) responses.push(res);
    });
    const shell = new ShellPage(page, server.baseUrl);
    await shell.open('/');
    await shell.loadedVersion('discover');
    await shell.heading('Discover').waitFor();
    await page.waitForLoadState('networkidle');

    const sent = await Promise.all(
      responses.map(async (res) => ({
        path: new URL(res.url()).pathname,
        encoding: res.headers()['content-encoding'] ?? 'identity',
        cache: res.headers()['cache-control'],
        vary: res.headers().vary,
        bytes: (await res.body()).length,
      })),
    );
    const home = sent.find((s) => s.path === '/');
    expect(home).toMatchObject({ encoding: 'br', cache: 'private, no-cache' });
    const assets = sent.filter((s) => s.path !== '/');
    // The shell's scripts and the remote's, both present, so a check over an empty list cannot pass.
    expect(assets.some((s) => !s.path.startsWith('/mf/'))).toBe(true);
    expect(assets.some((s) => s.path.startsWith('/mf/discover/'))).toBe(true);
    const uncompressed = sent.filter((s) => s.encoding !== 'br' && s.bytes >= tinyBytes);
    expect(uncompressed).toEqual([]);
    expect(sent.filter((s) => !/accept-encoding/i.test(s.vary ?? ''))).toEqual([]);
    expect(assets.filter((s) => s.cache !== immutable)).toEqual([]);
  });

  test('starts every file of the first screen with the page: the shell’s and the route’s remote’s, no registry fetch', async ({
    page,
    server,
  }) => {
    const requested: { path: string; type: string }[] = [];
    page.on('request', (req) =>
      requested.push({ path: new URL(req.url()).pathname, type: req.resourceType() }),
    );
    const shell = new ShellPage(page, server.baseUrl);
    await shell.open('/chats');
    const version = await shell.loadedVersion('chat');
    await page.waitForLoadState('networkidle');

    const preloaded = await page.$$eval('link[rel="preload"]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    const files = requested.filter((r) => ['script', 'stylesheet'].includes(r.type)).map((r) => r.path);
    // Every script and style the boot loads was named in the page, so none waited for another to run…
    expect(files.filter((path) => !preloaded.includes(path))).toEqual([]);
    // …and the later requests took the preloads (the manifest's fetch too): no file went twice.
    const times = (path: string) => requested.filter((r) => r.path === path).length;
    expect(preloaded.filter((path) => times(path) !== 1)).toEqual([]);
    expect(preloaded).toEqual(
      expect.arrayContaining([`/mf/chat/${version}/mf-manifest.json`, `/mf/chat/${version}/remoteEntry.js`]),
    );
    expect(requested.map((r) => r.path)).not.toContain('/mf/registry.json');
  });

  test('a return visit asks for its first screen’s data with the page, once, and the screen shows it', async ({
    page,
    server,
    session,
  }) => {
    await session.signIn(page, 'returning-fan@e2e.cove.test');
    const shell = new ShellPage(page, server.baseUrl);
    await shell.open('/chats');
    await shell.heading('Chats').waitFor();
    await page.waitForLoadState('networkidle');

    const reads: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/v1/') && req.method() === 'GET') reads.push(url.pathname + url.search);
    });
    await page.reload();
    await shell.heading('Chats').waitFor();
    await page.waitForLoadState('networkidle');
    // The page's script started what the last visit's first screen read, before the shell's scripts ran…
    const started = await page.evaluate(() =>
      Object.keys(
        (window as unknown as { __coveFirstReads?: { reads: object } }).__coveFirstReads?.reads ?? {},
      ),
    );
    expect(started).toEqual(expect.arrayContaining(['/v1/users/me', '/v1/provider/config?platform=react']));
    // …the chat list's first page among them, which the list then took instead of asking again.
    const listPage = '/v1/chats?v=2&limit=20&offset=0';
    expect(started).toContain(listPage);
    expect(reads.filter((url) => url === listPage)).toHaveLength(1);
    await expect(shell.heading('Chats')).toBeVisible();
  });
});
