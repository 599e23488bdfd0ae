import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media bytes live. Keys are relative paths (`m/<media id>/st.jpg`); callers never see
 * absolute paths or bucket names, so the disk and S3 stores are interchangeable.
 */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Takes a local file and stores it under `key`; the local file is gone afterwards. */
  moveIn(key: string, localPath: string, contentType: string): Promise<void>;
  /** A local file with the object's bytes, for tools that need a path (ffmpeg); `release` removes any copy. */
  localCopy(key: string, tmpDir: string): Promise<{ path: string; release(): Promise<void> }>;
  /** The object's bytes, or one range of them. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size in bytes, or null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes objects; missing ones are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Every key under a prefix (tests and sweeps). */
  list(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

const safeKey = /^[A-Za-z0-9_-][A-Za-z0-9_./-]*$/;

/** Keys come from the server only, but are checked anyway so no key can climb out of the store. */
export function assertKey(key: string): void {
  if (!safeKey.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`invalid storage key: ${key}`);
  }
}
