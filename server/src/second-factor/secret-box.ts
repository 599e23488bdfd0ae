import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { dataDirSecret } from '../data-dir-secret';

/**
 * Authenticator secrets are sealed at rest with AES-256-GCM under a key derived from the server's
 * SECOND_FACTOR_KEY (or DATA_DIR/second-factor-key): a copy of the database alone yields no secret.
 * Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url; the user id is the associated data, so a sealed
 * secret moved to another row does not open.
 */
export interface SecretBox {
  seal(userId: string, secret: string): string;
  open(userId: string, sealed: string): string;
}

export function secretBox(keyMaterial: Buffer): SecretBox {
  const key = createHash('sha256').update('cove second factor v1').update(keyMaterial).digest();
  return {
    seal(userId, secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(userId, sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('not a sealed second-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(Buffer.from(userId))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** The server's box: its key from SECOND_FACTOR_KEY, or DATA_DIR/second-factor-key (made on first use). */
export const factorBoxFor = (config: Pick<Config, 'dataDir' | 'secondFactorKey'>): SecretBox =>
  secretBox(dataDirSecret(config.dataDir, 'second-factor-key', config.secondFactorKey));
