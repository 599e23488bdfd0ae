import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { remoteNames } from '@cove/contracts';
import type { Page } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { expect, test } from '../support/fixtures';
import { repoRoot } from '../support/paths';
import { fetchRegistry } from '../support/release';
import { startServer } from '../support/server';

// A production build of the site, told to allow dev remotes as a developer's `npm start` does by default.
test.use({ serverOptions: { name: 'dev-loop', env: { ALLOW_DEV_REMOTES: 'true' } } });
const marker = `dev-loop-${Date.now()}`;
let dev: ChildProcess;
let openUrl: string;
let devPort: number;

/** Every built file of the shell and the remotes with its time: the dev loop must rebuild none. */
async function builtFiles(): Promise<string[]> {
  const dirs = [
    join(repoRoot, 'shell', 'dist'),
    ...remoteNames.map((r) => join(repoRoot, 'remotes', r, 'dist')),
  ];
  const files = await Promise.all(
    dirs.map(async (dir) =>
      Promise.all((await readdir(dir)).map(async (f) => `${dir}/${f}@${(await stat(join(dir, f))).mtimeMs}`)),
    ),
  );
  return files.flat().sort();
}

let before: string[];

test.beforeAll(async ({ server }) => {
  // Time to compile chat from source on a loaded machine.
  test.setTimeout(180_000);
  before = await builtFiles();
  // `npm run dev -- chat`, its build labelled so the page can tell it from the released chat.
  dev = spawn(
    process.execPath,
    [
      join(repoRoot, 'scripts', 'cove.mjs'),
      'dev',
      'chat',
      // Any free port: the dev server names it in the link it prints.
      '--port',
      '0',
      '--site',
      server.baseUrl,
    ],
    {
      cwd: repoRoot,
      // Colours on, as in a developer's terminal (and some CI): nothing may hang on the build's wording.
      env: { ...process.env, COVE_BUILD_LABEL: marker, FORCE_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, stopped whole as Ctrl+C stops it in a terminal.
      detached: true,
    },
  );
  let output = '';
  openUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev did not start:\n${output}`)), 150_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^ {2}(http\S+cove-dev=\S+)$/m.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    dev.stdout?.on('data', read);
    dev.stderr?.on('data', read);
    dev.once('exit', (code) => reject(new Error(`npm run dev exited with ${code}:\n${output}`)));
  });
  devPort = Number(/@http:\/\/localhost:(\d+)\//.exec(openUrl)?.[1]);
  expect(devPort).toBeGreaterThan(0);
});

const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Whether `child` has exited (by a code or a signal) within `ms`. */
function exitWithin(child: ChildProcess, ms: number): Promise<boolean> {
  if (hasExited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(hasExited(child)), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Signals the dev server's whole process group; false when the group is gone already. */
function signalGroup(pid: number, name: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, name);
    return true;
  } catch {
    return false;
  }
}

test.afterAll(async () => {
  test.setTimeout(20_000);
  const pid = dev?.pid;
  if (pid === undefined || hasExited(dev)) return;
  // Ctrl+C, as a developer stops it; a group that has not stopped in time is killed.
  if (signalGroup(pid, 'SIGINT') && !(await exitWithin(dev, 10_000)) && signalGroup(pid, 'SIGKILL'))
    await exitWithin(dev, 5_000);
});

/**
 * Runs `action` and waits until the page has been loaded again: a mark put on the old document is gone.
 * (Playwright's `framenavigated` also fires for pushState and replaceState, which the shell does.)
 */
async function reloadedBy(page: Page, action: () => Promise<unknown>, timeout = 30_000): Promise<void> {
  await page.evaluate(() => Object.assign(window, { coveBeforeReload: true }));
  await action();
  await page.waitForFunction(() => !('coveBeforeReload' in window), undefined, { timeout });
  await page.waitForLoadState('load');
}

test.describe('npm run dev -- chat', () => {
  test('prints the link that runs chat from the dev server in that tab only', ({ server }) => {
    expect(openUrl).toBe(
      `${server.baseUrl}/chats?cove-dev=chat@http://localhost:${devPort}/mf-manifest.json`,
    );
  });

  test('serves the changed chat in the running site, with a badge, rebuilding nothing else', async ({
    page,
    browser,
    server,
  }) => {
    const registry = await fetchRegistry(server.baseUrl);
    const shell = new ShellPage(page, server.baseUrl);
    await page.goto(openUrl);
    expect(await shell.buildLabel('chat')).toBe(marker);
    const badge = page.getByRole('complementary', { name: 'Dev remotes' });
    await badge.getByText(`chat from localhost:${devPort} (dev)`).waitFor();
    // The switch leaves the address; the tab keeps it across a reload.
    expect(new URL(page.url()).search).toBe('');
    await page.reload();
    expect(await shell.buildLabel('chat')).toBe(marker);

    // An edit saved in chat's sources: the dev server rebuilds it and the open page reloads by itself
    // with the change. The file is put back as it was, whatever happens.
    const source = join(
      repoRoot,
      'remotes',
      'chat',
      'src',
      'features',
      'chat-list',
      'components',
      'ChatList.tsx',
    );
    const title = "useDocumentTitle('Chats');";
    // A run killed mid-edit left its title behind: this one starts from the file as committed.
    const original = (await readFile(source, 'utf8')).replace(
      /useDocumentTitle\('Chats dev-loop-\d+'\);/,
      title,
    );
    expect(original).toContain(title);
    try {
      await reloadedBy(
        page,
        () => writeFile(source, original.replace(title, `useDocumentTitle('Chats ${marker}');`)),
        120_000,
      );
      await page.waitForFunction((t) => document.title === t, `Chats ${marker} · Cove`);
      expect(await shell.buildLabel('chat')).toBe(marker);
      // Undoing it is a save like any other.
      await reloadedBy(page, () => writeFile(source, original), 120_000);
      await page.waitForFunction(() => document.title === 'Chats · Cove');
    } finally {
      if ((await readFile(source, 'utf8')) !== original) await writeFile(source, original);
    }

    // Another browser on the same site runs the released chat, and the rest of the site is as it was.
    const other = await browser.newContext();
    try {
      const page = await other.newPage();
      await page.goto(`${server.baseUrl}/chats`);
      expect(await new ShellPage(page, server.baseUrl).buildLabel('chat')).toBe('');
      expect(await page.getByRole('complementary', { name: 'Dev remotes' }).count()).toBe(0);
    } finally {
      await other.close();
    }
    expect(await fetchRegistry(server.baseUrl)).toEqual(registry);
    expect(await builtFiles()).toEqual(before);

    // Turn off: the released chat again, in this tab too.
    await reloadedBy(page, () => badge.getByRole('button', { name: 'Turn off' }).click());
    expect(await shell.buildLabel('chat')).toBe('');
    expect(await badge.count()).toBe(0);
  });

  test('is ignored by a site that does not allow dev remotes (production)', async ({ page }) => {
    const production = await startServer('dev-loop-production');
    try {
      const res = await fetch(`${production.baseUrl}/dev/remotes`);
      expect(res.status).toBe(404);
      await page.goto(
        `${production.baseUrl}/chats?cove-dev=chat@http://localhost:${devPort}/mf-manifest.json`,
      );
      expect(await new ShellPage(page, production.baseUrl).buildLabel('chat')).toBe('');
      expect(await page.getByRole('complementary', { name: 'Dev remotes' }).count()).toBe(0);
    } finally {
      await production.stop();
    }
  });
});
