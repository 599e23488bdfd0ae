import { join } from 'node:path';

/**
 * The server package's folder. Source runs from `server/src` (tests) and the bundle from `server/dist`;
 * both sit one level below it, so paths are resolved from here.
 */
export const serverRoot = join(__dirname, '..');
export const repoRoot = join(serverRoot, '..');
export const migrationsFolder = join(serverRoot, 'drizzle');
export const shellDist = join(repoRoot, 'shell', 'dist');
