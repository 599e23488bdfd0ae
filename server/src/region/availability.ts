import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { UserRow } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';

/**
 * Refuses a fan whose country a creator closed their profile and chats to (451, docs/rules.md
 * "Account lifecycle"). The creator themself and staff are never refused, nor anyone whose country
 * is unknown. Costs one lookup by primary key, and none when the country is unknown.
 */
export async function assertAvailableIn(
  db: Db,
  viewer: UserRow,
  creatorId: string,
  country: string | null,
): Promise<void> {
  if (!country || viewer.id === creatorId || viewer.isStaff || viewer.isStaffMo || !isUuid(creatorId)) return;
  const closed = rowsOf<{ closed: boolean }>(
    await db.execute(sql`select exists (select 1 from users where id = ${creatorId} and type = 'featured'
      and ${country} = any(blocked_countries)) as closed`),
  );
  if (closed[0]?.closed) throw fail('region_blocked');
}
