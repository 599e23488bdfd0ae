import { join, resolve } from 'node:path';

/**
 * The server package's folder. Source runs from `server/src` (tests) and the bundle from `server/dist`;
 * both sit one level below it, so paths are resolved from here. Code bundled elsewhere (the
 * benchmarks) names the folder with COVE_SERVER_ROOT.
 */
export const serverRoot = process.env.COVE_SERVER_ROOT
  ? resolve(process.env.COVE_SERVER_ROOT)
  : join(__dirname, '..');
export const repoRoot = join(serverRoot, '..');
export const migrationsFolder = join(serverRoot, 'drizzle');
export const shellDist = join(repoRoot, 'shell', 'dist');
