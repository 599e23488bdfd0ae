import { join } from 'node:path';
import type { ReleaseContext } from './releases';

// Helpers for the release tests, the ones driving the CLI (`main` in src/cli/release.ts) included.

/** A context on the workspace `root` whose clock moves a minute at every reading. */
export function steppingContext(root: string): ReleaseContext {
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  return { repoRoot: root, dataDir: join(root, '.data'), now: () => new Date((clock += 60_000)) };
}

/** Collects what the CLI prints, line by line, for a test to read. */
export function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

/** Runs `fn` in `dir`, where the CLI looks for the workspace, and returns to the old directory after. */
export async function inDirectory<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await fn();
  } finally {
    process.chdir(cwd);
  }
}
