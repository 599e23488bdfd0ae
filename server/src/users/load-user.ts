import type { User } from '@cove/contracts';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { creditsOf } from '../ledger/ledger';
import { toUserDto } from './user-dto';

/** The owner's view of a user, with the credit balance from the ledger. */
export async function userDto(db: Db, row: UserRow): Promise<User> {
  return toUserDto(row, await creditsOf(db, row.id));
}
