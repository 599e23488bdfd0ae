import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { liveSubscriptionSql } from '../subscriptions/live';
import { filterSql } from './chat-filters';
import { tabSql } from './list-chats';

/**
 * The ten tab totals of a creator's inbox, in one statement that never aggregates the inbox.
 * `chat_tab_counts` holds what triggers keep exact (migration 0011): the tabs decided by the member
 * row, and the partners online who are not creators (moved on each of their presence changes).
 * Counted now instead: `recent`, which depends on the clock, as a range count on the list index (the
 * chats of the last 72 hours only), and creators online among the partners, starting from the few
 * creators online (a partial index on users) looked up by the (user, other) key; and `subscribers`,
 * starting from the creator's subscriptions still running (a partial index on subscriptions), each
 * chat looked up by the same key; and `hidden`, from the hidden chats' partial index (migration 0038).
 */
export async function chatTotals(db: Db, userId: string) {
  const result = await db.execute(sql`
    select coalesce(c.all_chats, 0) as all, coalesce(c.fans, 0) as fans,
      coalesce(c.favorites, 0) as favorites, coalesce(c.unreplied, 0) as unreplied,
      coalesce(c.vip, 0) as vip, coalesce(c.sent, 0) as sent,
      coalesce(c.online_fans, 0) + (select count(*) ${tabSql(userId, 'online')} and o.type = 'featured')::int
        as online,
      (select count(*) from chat_members m
        where m.user_id = ${userId} and m.listed and not m.hidden and ${filterSql.recent})::int as recent,
      (select count(*) from subscriptions s
        join chat_members m on m.user_id = s.creator_id and m.other_id = s.fan_id
        where s.creator_id = ${userId} and ${liveSubscriptionSql('s')} and m.listed and not m.hidden)::int
        as subscribers,
      (select count(*) from chat_members m where m.user_id = ${userId} and m.listed and m.hidden)::int as hidden
    from (select) as one left join chat_tab_counts c on c.user_id = ${userId}`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    all: n('all'),
    online: n('online'),
    fans: n('fans'),
    subscribers: n('subscribers'),
    favorites: n('favorites'),
    unreplied: n('unreplied'),
    vip: n('vip'),
    recent: n('recent'),
    sent: n('sent'),
    // Top spenders are the fans, in another order.
    top: n('fans'),
    hidden: n('hidden'),
  };
}
