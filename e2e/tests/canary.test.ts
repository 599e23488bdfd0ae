import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { canaryBucket } from '@cove/contracts';
import type { Browser, BrowserContext } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { repoRoot } from '../support/paths';
import { fetchRegistry, release } from '../support/release';
import { expect, test } from '../support/fixtures';

// Behind a trusted proxy, so the visitors this test stands in for can each come from a network of their own.
test.use({
  serverOptions: { name: 'canary', env: { TRUST_PROXY: 'true' } },
  viewport: { width: 1200, height: 800 },
});

/**
 * The chat build with a bug: its root throws while rendering. The bug is armed by a flag the test's
 * browsers set, as a bug that only real visitors hit would be (the publish checks' smoke test, in a
 * clean browser, sees a healthy build), so the canary is what catches it.
 */
async function crashingChatBuild(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cove-chat-crash-'));
  await cp(join(repoRoot, 'remotes', 'chat', 'dist'), dir, { recursive: true });
  let patched = 0;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.js'))) {
    const text = await readFile(join(dir, file), 'utf8');
    if (!text.includes('"data-remote-root":')) continue;
    const bug = '(()=>{if(globalThis.__coveArmedBug)throw Error("deliberate canary crash")})()||';
    const buggy = Buffer.from(text.replaceAll('"data-remote-root":', `"data-remote-root":${bug}`));
    await writeFile(join(dir, file), buggy);
    // The precompressed copies are what browsers get: they carry the bug too.
    await writeFile(join(dir, `${file}.br`), brotliCompressSync(buggy));
    await writeFile(join(dir, `${file}.gz`), gzipSync(buggy));
    patched += 1;
  }
  if (patched === 0) throw new Error('The chat build no longer renders data-remote-root: update the bug.');
  return dir;
}

/** A browser identity: its own context, with the canary id the shell keeps, and the bug armed. */
async function identity(
  browser: Browser,
  baseUrl: string,
  canaryId: string,
): Promise<{ context: BrowserContext; shell: ShellPage }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  await context.addInitScript((id) => {
    if (!localStorage.getItem('cove.canary-id')) localStorage.setItem('cove.canary-id', id);
    (globalThis as { __coveArmedBug?: boolean }).__coveArmedBug = true;
  }, canaryId);
  return { context, shell: new ShellPage(await context.newPage(), baseUrl) };
}

/** Ids that fall on either side of a 50% canary of chat. */
function idsAround50(): { inCanary: string; inStable: string } {
  const ids = Array.from({ length: 20 }, (_, i) => `e2e-browser-${i}`);
  const inCanary = ids.find((id) => canaryBucket(id, 'chat') < 50);
  const inStable = ids.find((id) => canaryBucket(id, 'chat') >= 50);
  if (!inCanary || !inStable) throw new Error('no ids on both sides of 50%');
  return { inCanary, inStable };
}

/** The version of `remote` the page preloads, or null when it preloads none (its browser's id was not known). */
async function preloadedVersion(shell: ShellPage, remote: string): Promise<string | null> {
  const hrefs = await shell.page.$$eval('link[rel="preload"][as="fetch"]', (links) =>
    links.map((l) => l.getAttribute('href') ?? ''),
  );
  const manifest = hrefs.find((h) => h.startsWith(`/mf/${remote}/`));
  return manifest?.split('/')[3] ?? null;
}

async function postHealth(baseUrl: string, body: object, from: string): Promise<Response> {
  return fetch(`${baseUrl}/v1/release-health`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
}

/** Another visitor's tab, from network `n` of its own: it gets a session as the shell does, then reports. */
async function visitor(baseUrl: string, n: number, version: string, kind: string): Promise<number> {
  const from = `10.${n}.0.1`;
  const session = await fetch(`${baseUrl}/v1/release-health/session`, {
    method: 'POST',
    headers: { 'x-forwarded-for': from },
  });
  const { token } = (await session.json()) as { token: string };
  return (await postHealth(baseUrl, { token, remote: 'chat', version, kind }, from)).status;
}

test.describe('chat canary', () => {
  test('serves a crashing canary to its share only, and rolls it back once enough sessions fail', async ({
    browser,
    server,
  }) => {
    const stable = (await fetchRegistry(server.baseUrl)).remotes.chat?.current ?? '';
    const published = await release(server.dataDir, [
      'publish',
      'chat',
      '--dir',
      await crashingChatBuild(),
      '--canary',
      '50',
      '--json',
    ]);
    expect(published).toMatchObject({ code: 0 });
    const canary = (JSON.parse(published.stdout) as { to: string }).to;
    expect((await fetchRegistry(server.baseUrl)).remotes.chat).toMatchObject({
      current: stable,
      canary: { version: canary, percent: 50 },
    });

    const ids = idsAround50();
    const a = await identity(browser, server.baseUrl, ids.inCanary);
    const b = await identity(browser, server.baseUrl, ids.inStable);
    try {
      // A runs the canary, whose crash stays inside the chat area; its failure is reported.
      const crashReport = a.shell.page.waitForRequest(
        (req) => req.url().endsWith('/v1/release-health') && (req.postData() ?? '').includes('render_crash'),
      );
      await a.shell.open('/chats');
      expect(await a.shell.loadedVersion('chat')).toBe(canary);
      // The server could not know this browser's side on its first page: it preloaded no chat version.
      expect(await preloadedVersion(a.shell, 'chat')).toBeNull();
      await a.shell.fallback('chat').getByRole('heading', { name: 'Chats stopped working' }).waitFor();
      expect(JSON.parse((await crashReport).postData() ?? '{}')).toMatchObject({
        remote: 'chat',
        version: canary,
        kind: 'render_crash',
      });
      // The page reported in a session the server issued, and the report was taken.
      expect((await (await crashReport).response())?.status()).toBe(204);
      // The rest of the site works.
      await a.shell.navigate('Discover');
      await a.shell.heading('Discover').waitFor();

      // B runs the stable version and sees chat working; the shell counts the load for that version.
      const loadReport = b.shell.page.waitForRequest(
        (req) => req.url().endsWith('/v1/release-health') && (req.postData() ?? '').includes('"chat"'),
      );
      await b.shell.open('/chats');
      expect(await b.shell.loadedVersion('chat')).toBe(stable);
      await b.shell.heading('Chats').waitFor();
      expect(JSON.parse((await loadReport).postData() ?? '{}')).toMatchObject({
        remote: 'chat',
        version: stable,
        kind: 'load',
      });

      // Each keeps its version across reloads, and the page preloads that version (from the id's cookie).
      for (let i = 0; i < 2; i++) {
        await a.shell.open('/chats');
        expect(await a.shell.loadedVersion('chat')).toBe(canary);
        expect(await preloadedVersion(a.shell, 'chat')).toBe(canary);
        await b.shell.page.reload();
        expect(await b.shell.loadedVersion('chat')).toBe(stable);
        expect(await preloadedVersion(b.shell, 'chat')).toBe(stable);
      }

      // A browser with no id of its own keeps the one the shell drew (and loads chat without the bug).
      const fresh = await browser.newContext();
      let freshInCanary: boolean;
      try {
        const page = new ShellPage(await fresh.newPage(), server.baseUrl);
        await page.open('/discover');
        const drawn = await page.page.evaluate(() => localStorage.getItem('cove.canary-id'));
        expect(drawn).toMatch(/^[a-f0-9]{32}$/);
        await page.open('/chats');
        const first = await page.loadedVersion('chat');
        await page.page.reload();
        expect(await page.loadedVersion('chat')).toBe(first);
        freshInCanary = canaryBucket(drawn ?? '', 'chat') < 50;
        expect(first).toBe(freshInCanary ? canary : stable);
      } finally {
        await fresh.close();
      }

      // A report in a session the sender made up is refused.
      const forged = { session: 'made-up-tab', remote: 'chat', version: canary, kind: 'render_crash' };
      expect((await postHealth(server.baseUrl, forged, '10.250.0.1')).status).toBe(400);

      // More visitors' tabs hit the crash; the 20th canary session rolls it back, not one before.
      const failing = 20 - (freshInCanary ? 1 : 0);
      for (let i = 1; i < 19 - (freshInCanary ? 1 : 0); i++)
        expect(await visitor(server.baseUrl, i, canary, 'render_crash')).toBe(204);
      expect((await fetchRegistry(server.baseUrl)).remotes.chat?.canary?.version).toBe(canary);
      expect(await visitor(server.baseUrl, 100, canary, 'render_crash')).toBe(204);
      const after = (await fetchRegistry(server.baseUrl)).remotes.chat;
      expect(after).toMatchObject({ current: stable, canary: null });
      expect(after?.history.at(-1)).toMatchObject({ action: 'auto-rollback', from: canary, to: stable });

      const audit = (await readFile(join(server.dataDir, 'mf', 'audit.log'), 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(audit.at(-1)).toMatchObject({
        action: 'auto-rollback',
        remote: 'chat',
        from: canary,
        to: stable,
        figures: { canary: { version: canary, sessions: 20, failed: failing } },
      });

      // The next page load runs, and preloads, the stable version for everyone.
      await a.shell.open('/chats');
      expect(await a.shell.loadedVersion('chat')).toBe(stable);
      expect(await preloadedVersion(a.shell, 'chat')).toBe(stable);
      await a.shell.heading('Chats').waitFor();
      await b.shell.page.reload();
      expect(await b.shell.loadedVersion('chat')).toBe(stable);

      const status = await release(server.dataDir, ['status']);
      expect(status).toMatchObject({ code: 0 });
      expect(status.stdout).toMatch(new RegExp(`chat\\s+${stable}\\n`));
      expect(status.stdout).toContain(`auto-rollback ${canary} -> ${stable} by cove-server (automatic)`);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});
