import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { generateAvatar } from './avatar';

const BATCH = 1000;
const AVATAR_POOL = 24;
const genders = ['female', 'male', 'trans'] as const;

export interface BulkOptions {
  creators: number;
  fans: number;
  mediaDir: string;
  onProgress?: (done: number, total: number) => void;
}

/** Inserts many generated creators and fans for benchmarks; avatars come from a small shared pool. */
export async function seedBulk(db: Db, opts: BulkOptions): Promise<void> {
  const run = randomBytes(3).toString('hex');
  const avatars = await Promise.all(
    // A multiple of the genders' count: creator i and pool entry i % size have the same gender.
    Array.from(
      { length: Math.min(AVATAR_POOL, Math.ceil(opts.creators / genders.length) * genders.length) },
      (_, i) => generateAvatar(opts.mediaDir, `bulk-${i}`, genders[i % genders.length]),
    ),
  );
  const total = opts.creators + opts.fans;
  for (let start = 0; start < total; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => {
      const i = start + k;
      const creator = i < opts.creators;
      const username = `${creator ? 'creator' : 'fan'}-${run}-${i}`;
      return {
        email: `${username}@bulk.cove.test`,
        username,
        type: creator ? ('featured' as const) : ('user' as const),
        gender: genders[i % genders.length],
        avatarUrl: creator ? (avatars[i % avatars.length] ?? null) : null,
        emailVerified: true,
        discoverStatus: creator ? ('featured' as const) : ('hidden' as const),
        idVerified: creator,
        lastOnline: new Date(Date.now() - (i % 200) * 3_600_000),
      };
    });
    await db.insert(users).values(rows);
    opts.onProgress?.(start + rows.length, total);
  }
}
