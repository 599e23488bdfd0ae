import type { User } from '@cove/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type UserRow, users } from '../db/schema';
import { notFound } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { toUserDto } from './user-dto';

export async function userById(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound('User Cannot Be Found Or Does Not Exist');
  return row;
}

/** The owner's view of a user, with the credit balance from the ledger. */
export async function userDto(db: Db, row: UserRow): Promise<User> {
  return toUserDto(row, await creditsOf(db, row.id));
}
