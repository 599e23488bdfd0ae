import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { remoteNames, type Registry } from '@cove/contracts';
import { ShellPage } from '../pages/shell-page';
import { shellDist } from '../support/paths';
import { currentVersion, fetchRegistry, release } from '../support/release';
import { expect, test } from '../support/fixtures';

test.use({ serverOptions: { name: 'federation' }, viewport: { width: 1200, height: 800 } });
let shell: ShellPage;
test.beforeEach(({ page, server }) => {
  shell = new ShellPage(page, server.baseUrl);
});

/** What the shell serves and what each other remote runs: a release of one remote must change neither. */
async function untouchedParts(reg: Registry, except: string) {
  const shellFiles = await readdir(shellDist);
  const shellStamp = await Promise.all(
    shellFiles.map(async (f) => `${f}@${(await stat(join(shellDist, f))).mtimeMs}`),
  );
  const others = remoteNames.filter((r) => r !== except).map((r) => `${r}=${reg.remotes[r]?.current}`);
  return { shell: shellStamp.sort(), others };
}

test.describe('shell and federated remotes', () => {
  test('boots the shell and shows each remote on its route, at the registry’s version', async ({
    page,
    server,
  }) => {
    const reg = await fetchRegistry(server.baseUrl);
    const routes = [
      { path: '/chats', remote: 'chat', heading: 'Chats', title: 'Chats · Cove' },
      { path: '/discover', remote: 'discover', heading: 'Discover', title: 'Discover · Cove' },
      { path: '/account', remote: 'account', heading: 'Account', title: 'Account · Cove' },
      { path: '/account/settings', remote: 'account', heading: 'Account', title: 'Settings · Cove' },
      { path: '/account/earnings/summary', remote: 'payouts', heading: 'Earnings', title: 'Earnings · Cove' },
    ] as const;
    for (const route of routes) {
      await shell.open(route.path);
      expect(await shell.loadedVersion(route.remote)).toBe(reg.remotes[route.remote]?.current);
      await shell.heading(route.heading).waitFor();
      // One main landmark holds the remote; the header and its navigation stay outside it.
      const main = page.getByRole('main');
      expect(await main.count()).toBe(1);
      expect(await main.filter({ has: shell.area(route.remote) }).count()).toBe(1);
      expect(await main.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByRole('banner').count()).toBe(1);
      // The screen names the tab once it has rendered; wait briefly, then compare for a readable failure.
      await page
        .waitForFunction((title) => document.title === title, route.title, { timeout: 2000 })
        .catch(() => undefined);
      expect(await page.title()).toBe(route.title);
    }
    // Moving between remotes inside the page goes through the shell's router, not a reload.
    await shell.navigate('Chats');
    await shell.heading('Chats').waitFor();
    await shell.area('chat').getByRole('link', { name: 'Sign in' }).waitFor();
  });

  test('loads on the first visit only scripts the build counts as first-load JavaScript', async ({
    page,
  }) => {
    const report = JSON.parse(await readFile(join(shellDist, 'size-report.json'), 'utf8')) as {
      files: { file: string; gzipKB: number }[];
    };
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().resourceType() === 'script' && !url.pathname.startsWith('/mf/'))
        scripts.add(url.pathname.slice(1));
    });
    await shell.open('/login');
    await page.getByRole('heading', { name: 'Sign in to Cove' }).waitFor();
    await page.waitForLoadState('networkidle');
    const counted = new Map(report.files.map((f) => [f.file, f.gzipKB]));
    expect([...scripts].filter((s) => !counted.has(s))).toEqual([]);
    // Nearly all of what the build counts is really loaded: the count is a close upper bound.
    const loadedKB = [...scripts].reduce((sum, s) => sum + (counted.get(s) ?? 0), 0);
    const countedKB = report.files.reduce((sum, f) => sum + f.gzipKB, 0);
    expect(loadedKB / countedKB).toBeGreaterThan(0.9);
  });

  test('shows a newly published chat version, and the old one again after a rollback, rebuilding nothing else', async ({
    page,
    server,
  }) => {
    const before = await fetchRegistry(server.baseUrl);
    const oldVersion = before.remotes.chat?.current ?? '';
    const untouched = await untouchedParts(before, 'chat');

    const label = `e2e-${Date.now()}`;
    const published = await release(server.dataDir, ['publish', 'chat', '--json'], {
      COVE_BUILD_LABEL: label,
    });
    expect(published).toMatchObject({ code: 0 });
    const newVersion = (JSON.parse(published.stdout) as { to: string }).to;
    expect(newVersion).not.toBe(oldVersion);

    await shell.open('/chats');
    expect(await shell.loadedVersion('chat')).toBe(newVersion);
    expect(await shell.buildLabel('chat')).toBe(label);

    const rolledBack = await release(server.dataDir, ['rollback', 'chat', '--json']);
    expect(rolledBack).toMatchObject({ code: 0 });
    expect(JSON.parse(rolledBack.stdout)).toMatchObject({ from: newVersion, to: oldVersion, changed: true });

    await page.reload();
    expect(await shell.loadedVersion('chat')).toBe(oldVersion);
    expect(await shell.buildLabel('chat')).toBe('');
    expect(await currentVersion(server.baseUrl, 'chat')).toBe(oldVersion);
    expect(await untouchedParts(await fetchRegistry(server.baseUrl), 'chat')).toEqual(untouched);

    const status = await release(server.dataDir, ['status', '--json']);
    const chat = (JSON.parse(status.stdout) as { remote: string; versions: string[] }[]).find(
      (s) => s.remote === 'chat',
    );
    expect(chat?.versions).toEqual([oldVersion, newVersion]);
  });

  test('keeps the site working when the chat remote cannot load: chat shows its fallback, discover still works', async ({
    page,
    server,
  }) => {
    await page.route('**/mf/chat/**', (route) => route.abort('connectionrefused'));
    const report = page.waitForRequest(
      (req) => req.url().endsWith('/v1/client-errors') && req.method() === 'POST',
    );
    await shell.open('/chats');
    await shell.area('chat').getByRole('status').waitFor();
    await shell.fallback('chat').getByRole('heading', { name: "Chats can't load right now" }).waitFor();
    expect(JSON.parse((await report).postData() ?? '{}')).toMatchObject({
      remote: 'chat',
      version: await currentVersion(server.baseUrl, 'chat'),
      phase: 'load',
    });

    await shell.navigate('Discover');
    expect(await shell.loadedVersion('discover')).toBe(await currentVersion(server.baseUrl, 'discover'));
    await shell.heading('Discover').waitFor();

    // Coming back to chats while it is still unreachable shows the fallback again, not a blank area.
    await shell.navigate('Chats');
    const retry = shell.fallback('chat').getByRole('button', { name: 'Try again' });
    await retry.waitFor();

    // Once the chat assets are reachable again, the retry button brings chat back without a reload.
    await page.unroute('**/mf/chat/**');
    await retry.click();
    await shell.heading('Chats').waitFor();
    expect(await shell.loadedVersion('chat')).toBe(await currentVersion(server.baseUrl, 'chat'));
  });

  test('switches to the narrow layout with a header menu below 640 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await shell.open('/discover');
    await shell.heading('Discover').waitFor();
    expect(await shell.header.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Account' }).click();
    await shell.heading('Account').waitFor();
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
  });
});
