import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { RemoteName } from '@cove/contracts';

/** The workspace root: the nearest folder upwards holding `pnpm-workspace.yaml`. */
export function findRepoRoot(from: string = process.cwd()): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No workspace root (pnpm-workspace.yaml) above ${from}`);
    dir = parent;
  }
}

/**
 * The data folder, as the server resolves it: `DATA_DIR` (default `./.data`). A relative path is taken
 * from the workspace root, since the CLI runs inside `server/` while the server runs from the root.
 */
export function resolveDataDir(repoRoot: string, value: string | undefined = process.env.DATA_DIR): string {
  const dir = value && value.length > 0 ? value : './.data';
  return isAbsolute(dir) ? dir : resolve(repoRoot, dir);
}

export interface ReleasePaths {
  repoRoot: string;
  dataDir: string;
  mfDir: string;
  registryFile: string;
  auditFile: string;
  lockFile: string;
  stagingDir: string;
  versionDir(remote: RemoteName, version: string): string;
  remoteDist(remote: RemoteName): string;
  shellManifest: string;
}

export function releasePaths(dataDir: string, repoRoot: string): ReleasePaths {
  const mfDir = join(dataDir, 'mf');
  return {
    repoRoot,
    dataDir,
    mfDir,
    registryFile: join(mfDir, 'registry.json'),
    auditFile: join(mfDir, 'audit.log'),
    lockFile: join(mfDir, '.registry.lock'),
    // Inside mf/ so that moving a finished build into place is a rename on the same disk.
    stagingDir: join(mfDir, '.staging'),
    versionDir: (remote, version) => join(mfDir, remote, version),
    remoteDist: (remote) => join(repoRoot, 'remotes', remote, 'dist'),
    shellManifest: join(repoRoot, 'shell', 'dist', 'mf-manifest.json'),
  };
}
