import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../cli/release';
import { readAudit } from './audit';
import { ensureRemotesPublished, promote, publishFromDir, rollback } from './releases';
import { readRegistry } from './registry-store';
import { captureIo, inDirectory, steppingContext } from './test-harness';

const shared = [
  { name: 'react', version: '19.2.1', requiredVersion: '^19.2.0', singleton: true, assets: {} },
];

async function writeBuild(dir: string, remote: string, label: string) {
  await mkdir(dir, { recursive: true });
  const manifest = {
    id: `cove_${remote}`,
    name: `cove_${remote}`,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared,
    exposes: [{ id: `cove_${remote}:App`, name: 'App', path: './App', assets: {} }],
    remotes: [],
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(join(dir, 'remoteEntry.js'), `/* ${remote} ${label} */`);
}

/** A workspace whose remotes are published once (v1), with a clock a minute apart per call. */
async function released() {
  const root = await mkdtemp(join(tmpdir(), 'cove-canary-'));
  await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  await writeBuild(join(root, 'shell', 'dist'), 'shell', 'v1');
  for (const r of ['chat', 'discover', 'account', 'payouts'])
    await writeBuild(join(root, 'remotes', r, 'dist'), r, 'v1');
  const ctx = steppingContext(root);
  await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
  const build = async (label: string) => {
    const dir = join(root, 'builds', label);
    await writeBuild(dir, 'chat', label);
    return dir;
  };
  const chat = async () => (await readRegistry(join(ctx.dataDir, 'mf', 'registry.json'))).remotes.chat;
  const audit = () => readAudit(join(ctx.dataDir, 'mf', 'audit.log'));
  return { root, ctx, build, chat, audit };
}

describe('canary releases', () => {
  it('keeps the stable version and serves a canary to its share', async () => {
    const { ctx, build, chat, audit } = await released();
    const stable = (await chat())?.current;
    const result = await publishFromDir(ctx, 'chat', await build('v2'), 25);
    expect(result).toMatchObject({ action: 'canary', from: stable, percent: 25, changed: true });
    const entry = await chat();
    expect(entry?.current).toBe(stable);
    expect(entry?.canary).toMatchObject({ version: result.to, percent: 25 });
    expect(entry?.history.at(-1)).toMatchObject({ action: 'canary', from: stable, to: result.to });
    expect((await audit()).at(-1)).toMatchObject({
      action: 'canary',
      remote: 'chat',
      to: result.to,
      percent: 25,
    });
  });

  it('changes the share of the same build, keeping when it began', async () => {
    const { ctx, build, chat } = await released();
    const dir = await build('v2');
    await publishFromDir(ctx, 'chat', dir, 10);
    const startedAt = (await chat())?.canary?.startedAt;
    const again = await publishFromDir(ctx, 'chat', dir, 50);
    expect(again).toMatchObject({ percent: 50, changed: true });
    expect((await chat())?.canary).toMatchObject({ percent: 50, startedAt });
  });

  it('promotes the canary to stable', async () => {
    const { ctx, build, chat, audit } = await released();
    const stable = (await chat())?.current;
    const canary = await publishFromDir(ctx, 'chat', await build('v2'), 50);
    expect(await promote(ctx, 'chat')).toMatchObject({ action: 'promote', from: stable, to: canary.to });
    const entry = await chat();
    expect(entry).toMatchObject({ current: canary.to, canary: null });
    expect((await audit()).at(-1)).toMatchObject({ action: 'promote', from: stable, to: canary.to });
    await expect(promote(ctx, 'chat')).rejects.toThrow('chat has no canary to promote.');
  });

  it('rollback ends a canary, leaving the stable version where it was', async () => {
    const { ctx, build, chat, audit } = await released();
    const stable = (await chat())?.current;
    const canary = await publishFromDir(ctx, 'chat', await build('v2'), 50);
    expect(await rollback(ctx, 'chat')).toMatchObject({ action: 'canary-end', from: canary.to, to: stable });
    expect(await chat()).toMatchObject({ current: stable, canary: null });
    expect((await audit()).at(-1)).toMatchObject({ action: 'canary-end', from: canary.to, to: stable });
  });

  it('refuses a plain publish or a rollback to a version while a canary runs', async () => {
    const { ctx, build, chat } = await released();
    const stable = (await chat())?.current ?? '';
    await publishFromDir(ctx, 'chat', await build('v2'), 50);
    await expect(publishFromDir(ctx, 'chat', await build('v3'))).rejects.toThrow(
      /chat has a canary running .*: promote it or roll it back first\./,
    );
    await expect(rollback(ctx, 'chat', stable)).rejects.toThrow(/canary running/);
  });

  it('refuses a canary of the stable build, or outside 1–99%', async () => {
    const { ctx, root } = await released();
    await expect(publishFromDir(ctx, 'chat', join(root, 'remotes', 'chat', 'dist'), 50)).rejects.toThrow(
      /is already the stable version/,
    );
    await expect(publishFromDir(ctx, 'chat', join(root, 'builds', 'none'), 0)).rejects.toThrow();
  });
});

describe('release CLI canary commands', () => {
  it('publishes a canary from a folder, shows it in status, and promotes it', async () => {
    const { ctx, build, root } = await released();
    await inDirectory(root, async () => {
      const dir = await build('v2');
      const p = captureIo();
      expect(
        await main(
          ['publish', 'chat', '--dir', dir, '--canary', '30', '--skip-checks', '--data-dir', ctx.dataDir],
          p.io,
        ),
      ).toBe(0);
      expect(p.out.join('\n')).toMatch(/^chat: canary \S+ for 30% of browsers$/);
      const s = captureIo();
      expect(await main(['status', '--data-dir', ctx.dataDir, '--json'], s.io)).toBe(0);
      const chat = (
        JSON.parse(s.out.join('')) as { remote: string; canary: unknown; changes: unknown[] }[]
      ).find((r) => r.remote === 'chat');
      expect(chat?.canary).toMatchObject({ percent: 30 });
      expect(chat?.changes.at(-1)).toMatchObject({ action: 'canary', percent: 30 });
      const text = captureIo();
      expect(await main(['status', '--data-dir', ctx.dataDir], text.io)).toBe(0);
      expect(text.out.join('\n')).toMatch(/chat\s+\S+ {2}canary: \S+ at 30%/);
      const pr = captureIo();
      expect(await main(['promote', 'chat', '--data-dir', ctx.dataDir], pr.io)).toBe(0);
      expect(pr.out.join('\n')).toMatch(/\(canary promoted\)$/);
    });
  });

  it('explains a wrong share with exit code 2', async () => {
    const bad = captureIo();
    expect(await main(['publish', 'chat', '--canary', '150'], bad.io)).toBe(2);
    expect(bad.err.join('\n')).toContain('--canary takes a percent from 1 to 99.');
  });
});
