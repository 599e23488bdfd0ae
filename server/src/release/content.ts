import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Files a build leaves that are not part of what is served. */
const ignored = new Set(['.cove-build-stamp']);

async function listFiles(dir: string, root = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const e of entries) {
    if (ignored.has(e.name)) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) files.push(...(await listFiles(path, root)));
    else if (e.isFile()) files.push(relative(root, path));
  }
  return files.sort();
}

/** sha256 over every file's path and bytes: two builds hash the same exactly when they serve the same. */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(await readFile(join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** `20261121T121805Z-1a2b3c4d`: sortable by time, and naming its content. */
export function versionName(now: Date, hash: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${hash.slice(0, 8)}`;
}
