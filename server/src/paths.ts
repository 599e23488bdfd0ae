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
/**
 * The database functions' sources (src/db/functions): the server's bundle reads the copy build.mjs
 * puts beside it, anything else (source, the benchmarks' bundle) reads them where they are written.
 */
export const functionsFolder =
  __dirname === join(serverRoot, 'dist')
    ? join(__dirname, 'functions')
    : join(serverRoot, 'src', 'db', 'functions');
export const shellDist = join(repoRoot, 'shell', 'dist');
