import { randomBytes } from 'node:crypto';
import { issueAccessToken } from '../../src/auth/tokens';
import type { Db } from '../../src/db/client';
import { type UserRow, users } from '../../src/db/schema';

type NewUser = Partial<typeof users.$inferInsert>;

export async function createUser(db: Db, values: NewUser = {}): Promise<UserRow> {
  const tag = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({ email: `person-${tag}@example.com`, username: `person-${tag}`, ...values })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** A user with a live access token, as a finished sign-in would leave them (the second factor passed). */
export async function signedInUser(db: Db, values: NewUser = {}): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(db, values);
  return { user, token: await issueAccessToken(db, user.id, { factorPassed: true }) };
}
