import { SUPPORT_USERNAME } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Queryable } from '../db/transaction';
import { type UserRow, users } from '../db/schema';

/** Whether a user is the support account. */
export const isSupport = (u: Pick<UserRow, 'username'>) => u.username === SUPPORT_USERNAME;

/** The support account's row, or null on a database without it. */
export async function supportAccount(db: Queryable): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.username, SUPPORT_USERNAME));
  return row ?? null;
}

const supportIds = new WeakMap<Db, string | null>();

/** The support account's id, looked up once per database. */
export async function supportUserId(db: Db): Promise<string | null> {
  if (!supportIds.has(db)) supportIds.set(db, (await supportAccount(db))?.id ?? null);
  return supportIds.get(db) ?? null;
}
