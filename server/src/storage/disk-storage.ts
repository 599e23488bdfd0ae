import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, type ByteRange, type Storage } from './storage';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Objects as files under one folder (`DATA_DIR/media/store` by default). Writes land by rename, so a reader never sees half a file. */
export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/'));
  }

  async moveIn(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another file system: copy beside the target, then rename into place.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await copyFile(localPath, temp);
        await rename(temp, target);
      } finally {
        await rm(temp, { force: true });
      }
      await unlink(localPath);
    }
  }

  async localCopy(key: string): Promise<{ path: string; release(): Promise<void> }> {
    return { path: this.pathOf(key), release: async () => {} };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) await rm(this.pathOf(key), { force: true });
    // Empty folders left behind are removed so a deleted media leaves nothing at all.
    for (const dir of new Set(keys.map((k) => dirname(this.pathOf(k))))) {
      await removeEmptyUpTo(dir, this.root);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for (const e of entries) {
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else out.push(relative(this.root, full).split(sep).join('/'));
      }
    };
    await walk(this.root);
    return out.filter((k) => k.startsWith(prefix)).sort();
  }

  async close(): Promise<void> {}
}

async function removeEmptyUpTo(dir: string, root: string): Promise<void> {
  let current = dir;
  while (current.startsWith(root + sep) && current !== root) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty, or already gone
    }
    current = dirname(current);
  }
}
