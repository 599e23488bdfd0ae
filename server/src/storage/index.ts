import { join } from 'node:path';
import type { Config } from '../config';
import { DiskStorage } from './disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { ByteRange, Storage } from './storage';

/** S3 when a bucket is configured, otherwise files under DATA_DIR/media/store. */
export function createStorage(config: Config): Storage {
  const s3 = config.media.s3;
  if (s3) return new S3Storage(s3);
  return new DiskStorage(join(config.dataDir, 'media', 'store'));
}
