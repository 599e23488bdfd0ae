import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A signing key: the configured value when set (several instances must share it), otherwise 32 random
 * bytes kept in DATA_DIR/<file>, made on first start (mode 600).
 */
export function dataDirSecret(dataDir: string, file: string, configured: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const path = join(dataDir, file);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${path} holds no usable secret; delete it to make a new one`);
  return Buffer.from(secret, 'utf8');
}
