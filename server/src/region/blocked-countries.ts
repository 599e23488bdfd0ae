import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** Replaces the countries a creator is hidden from; kept sorted and without repeats. */
export async function setBlockedCountries(db: Db, creatorId: string, countries: string[]): Promise<string[]> {
  const list = [...new Set(countries)].sort();
  const [row] = await db
    .update(users)
    .set({ blockedCountries: list })
    .where(eq(users.id, creatorId))
    .returning({ blockedCountries: users.blockedCountries });
  return row?.blockedCountries ?? list;
}
