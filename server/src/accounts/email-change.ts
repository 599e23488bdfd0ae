// A new address is only ever pending: sign-in never looks at `pending_email`, and the account's
// `email` changes only when the code mailed to the new address comes back (completeEmailChange).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { type UserRow, users } from '../db/schema';
import { fail } from '../errors';

const emailTaken = () => fail('email_taken');

/** 409 when another account has the address; a pending change elsewhere does not hold it. */
export async function refuseTakenAddress(db: Db, userId: string, email: string): Promise<void> {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)))
    .limit(1);
  if (holder) throw emailTaken();
}

export async function setPendingEmail(db: Db, userId: string, email: string | null): Promise<void> {
  await db.update(users).set({ pendingEmail: email }).where(eq(users.id, userId));
}

/** Marks the current address verified, if it is still the one the code was sent to. */
export async function markVerified(db: Db, userId: string, email: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning();
  if (!row) throw changedSinceSent();
  return row;
}

/**
 * Makes the pending address the account's own, verified. If another account took the address first,
 * the unique index refuses it: the pending change is dropped and can never complete.
 */
export async function completeEmailChange(db: Db, userId: string, email: string): Promise<UserRow> {
  let row: UserRow | undefined;
  try {
    [row] = await db
      .update(users)
      .set({ email, pendingEmail: null, emailVerified: true })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, email)))
      .returning();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await db
      .update(users)
      .set({ pendingEmail: null })
      .where(and(eq(users.id, userId), eq(users.pendingEmail, email)));
    throw emailTaken();
  }
  if (!row) throw changedSinceSent();
  return row;
}

const changedSinceSent = () => fail('email_changed');
