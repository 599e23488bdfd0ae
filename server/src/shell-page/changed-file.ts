import { stat } from 'node:fs/promises';

/**
 * A file as `load` reads it, read again only when the file changed: each call costs one `stat`, and a
 * new inode, size or modification time means a new read (the release CLI replaces the registry by
 * renaming a new file in, so a reader never sees half of one). A failed read is tried again next call.
 */
export function whenChanged<T>(file: string, load: (file: string) => Promise<T>): () => Promise<T> {
  let known: { stamp: string; value: Promise<T> } | null = null;
  return async () => {
    const info = await stat(file, { bigint: true }).catch(() => null);
    const stamp = info ? `${info.ino}:${info.size}:${info.mtimeNs}` : 'missing';
    if (known?.stamp !== stamp) {
      const value = load(file);
      const entry = { stamp, value };
      known = entry;
      value.catch(() => {
        if (known === entry) known = null;
      });
    }
    return known.value;
  };
}
