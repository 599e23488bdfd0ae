import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { builtWith } from '@cove/contracts';
import { main } from '../cli/release';
import { findRepoRoot } from './paths';
import { preflight } from './preflight';
import { smokeTest } from './smoke-test';
import { inDirectory } from './test-harness';

const repoRoot = findRepoRoot(__dirname);
const noSmoke = { smoke: () => Promise.resolve() };

/** A remote's manifest as Module Federation writes it, with `./App` made of `appFiles`. */
function manifest(remote: string, { exposes = true, appFiles = [] as string[] } = {}) {
  return {
    id: `cove_${remote}`,
    name: `cove_${remote}`,
    metaData: {
      name: `cove_${remote}`,
      globalName: `cove_${remote}`,
      buildInfo: { buildVersion: '0.1.0', buildName: `@cove/${remote}` },
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      pluginVersion: '2.9.2',
    },
    shared: [],
    remotes: [],
    exposes: exposes
      ? [
          {
            id: `cove_${remote}:App`,
            name: 'App',
            path: './App',
            assets: { js: { sync: appFiles, async: [] }, css: { sync: [], async: [] } },
          },
        ]
      : [],
  };
}

/**
 * A workspace folder whose `remotes/<remote>/package.json` sets the first-visit budget, with a built
 * shell whose page is 10 KB as sent (incompressible, so it counts whole).
 */
async function workspaceWithBudget(remote: string, budgetKb: number | null, { shellBuilt = true } = {}) {
  const root = await mkdtemp(join(tmpdir(), 'cove-preflight-'));
  await mkdir(join(root, 'remotes', remote), { recursive: true });
  await writeFile(
    join(root, 'remotes', remote, 'package.json'),
    JSON.stringify({
      name: `@cove/${remote}`,
      ...(budgetKb ? { cove: { firstVisitBudgetKb: budgetKb } } : {}),
    }),
  );
  if (!shellBuilt) return root;
  const shell = join(root, 'shell', 'dist');
  await mkdir(shell, { recursive: true });
  await writeFile(join(shell, 'index.html'), randomBytes(10 * 1024));
  await writeFile(join(shell, 'size-report.json'), JSON.stringify({ page: { files: ['index.html'] } }));
  return root;
}

async function build(files: Record<string, string | Buffer>) {
  const dir = await mkdtemp(join(tmpdir(), 'cove-preflight-build-'));
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body);
  return dir;
}

/**
 * A built remote that loads and then throws on render: a container in the global format the shell's
 * federation runtime loads, declaring the page's own versions so only the crash can fail it.
 */
const crashingEntry = `var cove_chat = {
  init: function () { return Promise.resolve(); },
  get: function () {
    return Promise.resolve(function () {
      return {
        builtWith: ${JSON.stringify(builtWith)},
        default: function App() { throw new Error('broken on purpose'); },
      };
    });
  },
};`;

describe('preflight before publishing', () => {
  it('refuses a build that does not expose ./App', async () => {
    const root = await workspaceWithBudget('chat', 100);
    const dir = await build({
      'mf-manifest.json': JSON.stringify(manifest('chat', { exposes: false })),
      'remoteEntry.js': '/* chat */',
    });
    await expect(preflight(root, 'chat', dir, noSmoke)).rejects.toThrow(
      'chat: cove_chat does not expose ./App.',
    );
  });

  it("refuses a build whose pages' first visit with the served shell is over the budget, naming the parts", async () => {
    const root = await workspaceWithBudget('chat', 30);
    const files = {
      'mf-manifest.json': JSON.stringify(manifest('chat', { appFiles: ['app.js'] })),
      'remoteEntry.js': '/* chat */',
      'app.js': randomBytes(24 * 1024),
    };
    const dir = await build(files);
    await expect(preflight(root, 'chat', dir, noSmoke)).rejects.toThrow(
      /^A first visit to the chat pages is 34\.\d KB brotli \(shell 10\.0 \+ chat 24\.\d\), over its budget of 30 KB \(remotes\/chat\/package\.json "cove\.firstVisitBudgetKb"\)\. /,
    );
    // The same build within a larger budget goes on to the smoke test.
    const roomy = await workspaceWithBudget('chat', 40);
    let smoked = '';
    await preflight(roomy, 'chat', dir, {
      smoke: (_shell, remote) => Promise.resolve(void (smoked = remote)),
    });
    expect(smoked).toBe('chat');
  });

  it('refuses a build without a budget, or without a built shell to measure it with', async () => {
    const dir = await build({
      'mf-manifest.json': JSON.stringify(manifest('chat')),
      'remoteEntry.js': '/* chat */',
    });
    await expect(preflight(await workspaceWithBudget('chat', null), 'chat', dir, noSmoke)).rejects.toThrow(
      'remotes/chat/package.json sets no first-visit budget: add "cove": { "firstVisitBudgetKb": N }.',
    );
    const noShell = await workspaceWithBudget('chat', 100, { shellBuilt: false });
    await expect(preflight(noShell, 'chat', dir, noSmoke)).rejects.toThrow(
      `No built shell at ${join(noShell, 'shell', 'dist')} to measure chat's first visit with.`,
    );
  });

  it('keeps the registry where it was when `release publish` is refused', async () => {
    const root = await workspaceWithBudget('chat', 1);
    await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
    const dir = await build({
      'mf-manifest.json': JSON.stringify(manifest('chat', { appFiles: ['app.js'] })),
      'remoteEntry.js': '/* chat */',
      'app.js': randomBytes(2048),
    });
    const err: string[] = [];
    await inDirectory(root, async () => {
      const io = { out: () => {}, err: (line: string) => err.push(line) };
      expect(await main(['publish', 'chat', '--dir', dir, '--data-dir', join(root, '.data')], io)).toBe(1);
    });
    expect(err.join('\n')).toMatch(
      /^release publish failed: A first visit to the chat pages is 12\.\d KB brotli \(shell 10\.0 \+ chat 2\.\d\), over its budget of 1 KB/,
    );
    expect(existsSync(join(root, '.data', 'mf', 'registry.json'))).toBe(false);
  });

  describe('the smoke test in headless Chromium, inside the built shell', () => {
    const shellDir = join(repoRoot, 'shell', 'dist');

    it('refuses a remote that crashes when its root route renders', async () => {
      const root = await workspaceWithBudget('chat', 1000);
      const dir = await build({
        'mf-manifest.json': JSON.stringify(manifest('chat')),
        'remoteEntry.js': crashingEntry,
      });
      await expect(preflight(root, 'chat', dir, { shellDir })).rejects.toThrow(
        /^chat failed its smoke test at \/chats: \.\/App did not render: .*Chats stopped working/,
      );
    });

    it('refuses a remote whose entry does not load', async () => {
      const dir = await build({
        'mf-manifest.json': JSON.stringify(manifest('discover')),
        'remoteEntry.js': 'throw new Error("broken on purpose");',
      });
      await expect(smokeTest(shellDir, 'discover', dir)).rejects.toThrow(
        /^discover failed its smoke test at \/discover: its area is "failed"/,
      );
    });

    it('passes the built chat remote', async () => {
      await expect(
        smokeTest(shellDir, 'chat', join(repoRoot, 'remotes', 'chat', 'dist')),
      ).resolves.toBeUndefined();
    });
  });
});
