import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
export const serverMain = join(repoRoot, 'server', 'dist', 'main.js');
export const releaseCli = join(repoRoot, 'server', 'dist', 'release-cli.js');
export const shellDist = join(repoRoot, 'shell', 'dist');
export const artifactsDir = join(repoRoot, 'e2e', 'artifacts');

/** The journeys run against built output; say how to get it instead of failing obscurely. */
export function assertBuilt(): void {
  const needed = [serverMain, releaseCli, join(shellDist, 'index.html')].concat(
    ['chat', 'discover', 'account', 'payouts'].map((r) =>
      join(repoRoot, 'remotes', r, 'dist', 'mf-manifest.json'),
    ),
  );
  const missing = needed.filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new Error(
      `Build first (npm run build, or npm run e2e which builds what is stale). Missing:\n${missing.join('\n')}`,
    );
  }
}
