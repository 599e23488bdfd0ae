import type { PasskeyEntry } from '@cove/contracts';
import { asc, eq } from 'drizzle-orm';
import { passkeys } from '../db/schema';
import type { Queryable } from '../db/transaction';

/** The person's passkeys as `/account/security` lists them, oldest first. */
export async function listPasskeys(db: Queryable, userId: string): Promise<PasskeyEntry[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(entryOf);
}

export const entryOf = (row: typeof passkeys.$inferSelect): PasskeyEntry => ({
  _id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export async function hasPasskey(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
