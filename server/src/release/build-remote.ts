import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from '@cove/contracts';

export class BuildError extends Error {
  override readonly name = 'BuildError';
}

/** The pnpm version the workspace pins (`packageManager`), run through npx as the root scripts do. */
function pnpmSpec(repoRoot: string): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { packageManager?: string };
  return pkg.packageManager?.startsWith('pnpm@') ? pkg.packageManager : 'pnpm@10.34.9';
}

/** Builds one remote into `outDir` (not its own dist/), leaving every other part of the site alone. */
export function buildRemote(repoRoot: string, remote: RemoteName, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--yes', pnpmSpec(repoRoot), '--filter', `@cove/${remote}`, 'build'], {
      cwd: repoRoot,
      env: { ...process.env, COVE_DIST_DIR: outDir },
      // The build's own output goes to stderr so that stdout stays the CLI's answer.
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', (err) => reject(new BuildError(`Could not start the build: ${err.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BuildError(`The ${remote} build failed (exit code ${code}).`)),
    );
  });
}
