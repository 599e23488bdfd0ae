import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { filterSql } from './chat-filters';
import { tabSql } from './list-chats';

/**
 * The nine tab totals of a creator's inbox, in one statement that never aggregates the inbox.
 * Tabs decided by the member row alone come from `chat_tab_counts`, which triggers on chat_members
 * keep exact (migration 0011). `recent` depends on the clock, so it is a range count on the list
 * index (the chats of the last 72 hours only); `online` depends on other people's presence, so it
 * starts from the people online now (partial index on users) and looks each up in the caller's
 * chats by the (user, other) key. Nobody is a subscriber until subscriptions exist.
 */
export async function chatTotals(db: Db, userId: string) {
  const result = await db.execute(sql`
    select coalesce(c.all_chats, 0) as all, coalesce(c.fans, 0) as fans,
      coalesce(c.favorites, 0) as favorites, coalesce(c.unreplied, 0) as unreplied,
      coalesce(c.vip, 0) as vip, coalesce(c.sent, 0) as sent,
      (select count(*) ${tabSql(userId, 'online')})::int as online,
      (select count(*) from chat_members m
        where m.user_id = ${userId} and m.listed and not m.hidden and ${filterSql.recent})::int as recent
    from (select) as one left join chat_tab_counts c on c.user_id = ${userId}`);
  const row = rowsOf<Record<string, number>>(result)[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    all: n('all'),
    online: n('online'),
    fans: n('fans'),
    subscribers: 0,
    favorites: n('favorites'),
    unreplied: n('unreplied'),
    vip: n('vip'),
    recent: n('recent'),
    sent: n('sent'),
  };
}
