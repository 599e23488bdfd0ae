import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { RemoteName } from '@cove/contracts';
import { readAudit } from './audit';
import { main } from '../cli/release';
import { ensureRemotesPublished, publishFromDir, rollback, status } from './releases';
import { readRegistry } from './registry-store';
import { captureIo, inDirectory, steppingContext } from './test-harness';

const singletons = [{ name: 'react', version: '19.2.1', requiredVersion: '^19.2.0', singleton: true }];

function manifest(remote: string, shared = singletons) {
  return {
    id: `cove_${remote}`,
    name: `cove_${remote}`,
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    shared: shared.map((s) => ({ ...s, assets: {} })),
    exposes: [{ id: `cove_${remote}:App`, name: 'App', path: './App', assets: {} }],
    remotes: [],
  };
}

async function writeBuild(dir: string, remote: string, label: string, shared = singletons) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest(remote, shared)));
  await writeFile(join(dir, 'remoteEntry.js'), `/* ${remote} ${label} */`);
}

/** A workspace with a built shell and a built dist/ for every remote. */
async function workspace() {
  const root = await mkdtemp(join(tmpdir(), 'cove-release-'));
  await writeFile(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  await mkdir(join(root, 'shell', 'dist'), { recursive: true });
  await writeFile(
    join(root, 'shell', 'dist', 'mf-manifest.json'),
    JSON.stringify({ ...manifest('shell'), name: 'cove_shell', exposes: [] }),
  );
  for (const r of ['chat', 'discover', 'account', 'payouts'])
    await writeBuild(join(root, 'remotes', r, 'dist'), r, 'v1');
  const ctx = steppingContext(root);
  return { root, ctx };
}

async function newBuild(root: string, remote: RemoteName, label: string, shared = singletons) {
  const dir = join(root, 'builds', `${remote}-${label}`);
  await writeBuild(dir, remote, label, shared);
  return dir;
}

describe('release library', () => {
  it('publishes every existing remote build at start, once', async () => {
    const { ctx } = await workspace();
    const first = await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
    expect(first.map((r) => r.remote)).toEqual(['chat', 'discover', 'account', 'payouts']);
    expect(await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot)).toEqual([]);
    const reg = await readRegistry(join(ctx.dataDir, 'mf', 'registry.json'));
    const chat = reg.remotes.chat?.current ?? '';
    expect(chat).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{8}$/);
    expect(await readdir(join(ctx.dataDir, 'mf', 'chat', chat))).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
    ]);
  });

  it('serves a new build at start outside production, but never undoes a rollback', async () => {
    const { root, ctx } = await workspace();
    const adopt = { adoptNewBuilds: true };
    await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot, () => {}, adopt);
    const current = async () =>
      (await readRegistry(join(ctx.dataDir, 'mf', 'registry.json'))).remotes.chat?.current;
    const v1 = await current();

    // The checkout rebuilt chat: only that remote moves on, and only where new builds are adopted.
    await writeBuild(join(root, 'remotes', 'chat', 'dist'), 'chat', 'v2');
    expect(await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot)).toEqual([]);
    const moved = await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot, () => {}, adopt);
    expect(moved).toEqual([expect.objectContaining({ remote: 'chat', from: v1, changed: true })]);
    const v2 = await current();
    expect(await readFile(join(ctx.dataDir, 'mf', 'chat', v2 ?? '', 'remoteEntry.js'), 'utf8')).toBe(
      '/* chat v2 */',
    );

    // Rolled back from v2 while v2 is still the build on disk: a restart keeps v1.
    await rollback(ctx, 'chat');
    expect(await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot, () => {}, adopt)).toEqual([]);
    expect(await current()).toBe(v1);
  });

  it('publishes a new version of one remote, then rolls it back, touching no other remote', async () => {
    const { root, ctx } = await workspace();
    await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
    const before = await status(ctx);

    const published = await publishFromDir(ctx, 'chat', await newBuild(root, 'chat', 'v2'));
    expect(published).toMatchObject({ remote: 'chat', changed: true, from: before[0]?.current });
    const v2Folder = join(ctx.dataDir, 'mf', 'chat', published.to);
    expect(await readFile(join(v2Folder, 'remoteEntry.js'), 'utf8')).toBe('/* chat v2 */');

    const rolled = await rollback(ctx, 'chat');
    expect(rolled).toEqual({ remote: 'chat', from: published.to, to: before[0]?.current, changed: true });

    const after = await status(ctx);
    expect(after.slice(1).map((s) => s.current)).toEqual(before.slice(1).map((s) => s.current));
    expect(after[0]?.versions).toEqual([before[0]?.current, published.to]);

    const audit = await readAudit(join(ctx.dataDir, 'mf', 'audit.log'));
    expect(audit.slice(-2).map(({ action, remote, from, to }) => ({ action, remote, from, to }))).toEqual([
      { action: 'publish', remote: 'chat', from: before[0]?.current, to: published.to },
      { action: 'rollback', remote: 'chat', from: published.to, to: before[0]?.current },
    ]);
    // The rolled-back version's folder stays, so rolling forward again needs no rebuild.
    await expect(rollback(ctx, 'chat', published.to)).resolves.toMatchObject({ to: published.to });
  });

  it('stores a build’s precompressed copies with it, so the version is served compressed', async () => {
    const { root, ctx } = await workspace();
    const dir = await newBuild(root, 'chat', 'compressed');
    await writeFile(join(dir, 'remoteEntry.js.br'), brotliCompressSync('/* chat compressed */'));
    await writeFile(join(dir, 'remoteEntry.js.gz'), gzipSync('/* chat compressed */'));
    const published = await publishFromDir(ctx, 'chat', dir);
    const folder = join(ctx.dataDir, 'mf', 'chat', published.to);
    expect(brotliDecompressSync(await readFile(join(folder, 'remoteEntry.js.br'))).toString()).toBe(
      '/* chat compressed */',
    );
    expect(gunzipSync(await readFile(join(folder, 'remoteEntry.js.gz'))).toString()).toBe(
      '/* chat compressed */',
    );
  });

  it('stores an identical build once', async () => {
    const { root, ctx } = await workspace();
    const a = await publishFromDir(ctx, 'chat', await newBuild(root, 'chat', 'same'));
    const b = await publishFromDir(ctx, 'chat', await newBuild(root, 'chat', 'same'));
    expect(b).toEqual({ remote: 'chat', from: a.to, to: a.to, changed: false });
  });

  it('refuses a build whose shared singleton ranges do not fit the shell', async () => {
    const { root, ctx } = await workspace();
    const bad = await newBuild(root, 'chat', 'react20', [
      { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true },
    ]);
    await expect(publishFromDir(ctx, 'chat', bad)).rejects.toThrow(
      'react: the remote needs ^20.0.0, the shell provides 19.2.1',
    );
    expect((await status(ctx))[0]?.current).toBeNull();
  });

  it('refuses a build or a rollback target without a manifest', async () => {
    const { root, ctx } = await workspace();
    await expect(publishFromDir(ctx, 'chat', join(root, 'nowhere'))).rejects.toThrow(/No manifest/);
    await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
    await expect(rollback(ctx, 'chat')).rejects.toThrow(/no version older/);
    await expect(rollback(ctx, 'chat', '20990101T000000Z-deadbeef')).rejects.toThrow(/no stored version/);
  });

  it('refuses to roll back to a stored version whose manifest has gone missing', async () => {
    const { root, ctx } = await workspace();
    const [first] = await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
    await publishFromDir(ctx, 'chat', await newBuild(root, 'chat', 'v2'));
    await rm(join(ctx.dataDir, 'mf', 'chat', first?.to ?? '', 'mf-manifest.json'));
    await expect(rollback(ctx, 'chat')).rejects.toThrow(/chat: No manifest/);
  });

  it('serialises concurrent publishes: every one lands in the history', async () => {
    const { root, ctx } = await workspace();
    const builds = await Promise.all(['a', 'b', 'c', 'd'].map((l) => newBuild(root, 'discover', l)));
    await Promise.all(builds.map((dir) => publishFromDir(ctx, 'discover', dir)));
    const reg = await readRegistry(join(ctx.dataDir, 'mf', 'registry.json'));
    expect(reg.remotes.discover?.versions).toHaveLength(4);
    expect(reg.remotes.discover?.history).toHaveLength(4);
    expect(await readAudit(join(ctx.dataDir, 'mf', 'audit.log'))).toHaveLength(4);
  });
});

describe('release CLI', () => {
  it('prints the status and rolls back through --data-dir', async () => {
    const { root, ctx } = await workspace();
    await inDirectory(root, async () => {
      await ensureRemotesPublished(ctx.dataDir, ctx.repoRoot);
      await publishFromDir(ctx, 'payouts', await newBuild(root, 'payouts', 'v2'));
      const s = captureIo();
      expect(await main(['status', '--data-dir', ctx.dataDir], s.io)).toBe(0);
      expect(s.out.join('\n')).toMatch(/payouts\s+\d{8}T\d{6}Z-/);
      const r = captureIo();
      expect(await main(['rollback', 'payouts', '--data-dir', ctx.dataDir, '--json'], r.io)).toBe(0);
      expect(JSON.parse(r.out.join(''))).toMatchObject({ remote: 'payouts', changed: true });
    });
  });

  it('explains a wrong command or remote with exit code 2', async () => {
    const bad = captureIo();
    expect(await main(['publish', 'billing'], bad.io)).toBe(2);
    expect(bad.err.join('\n')).toContain('Unknown remote "billing"');
    expect(await main([], captureIo().io)).toBe(2);
  });
});
