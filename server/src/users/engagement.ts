import { type EngagementSignals, SIGNALS_WINDOW_DAYS, SUPPORT_USERNAME } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { UserRow } from '../db/schema';
import { discoverPlace } from '../discover/visibility';

/**
 * The counts behind a person's engagement banners (docs/rules.md, Creator signals): their chats with
 * the other kind of person (support and staff talk is not a fan's chat), how many of those opened in
 * the window, how many people signed up with their code, and a creator's place in Discover.
 */
export async function engagementOf(db: Db, me: UserRow): Promise<EngagementSignals> {
  const other = me.type === 'featured' ? 'user' : 'featured';
  const [row] = rowsOf<{ chats: number; new_chats: number; referred: number }>(
    await db.execute(sql`
      with theirs as (
        select m.created_at from chat_members m join users o on o.id = m.other_id
        where m.user_id = ${me.id} and o.type = ${other}
          and not o.is_staff and not o.is_staff_mo and o.username is distinct from ${SUPPORT_USERNAME})
      select (select count(*) from theirs)::int as chats,
        (select count(*) from theirs
          where created_at > now() - make_interval(days => ${SIGNALS_WINDOW_DAYS}::int))::int as new_chats,
        (select count(*) from users r where r.referrer_id = ${me.id})::int as referred`),
  );
  return {
    chats: row?.chats ?? 0,
    new_chats: row?.new_chats ?? 0,
    referred: row?.referred ?? 0,
    rank: me.type === 'featured' ? await discoverPlace(db, me.id) : null,
  };
}
