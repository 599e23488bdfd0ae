import type { ChatFilter } from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { liveSubscriptionSql } from '../subscriptions/live';

/** Credits a person must have spent in a chat to count as a VIP there (docs/rules.md). */
export const VIP_CREDITS = 1000;
/** A chat is "recent" when its last message is younger than this. */
export const RECENT_HOURS = 72;

/**
 * The SQL condition of each chat-list tab, over `m` (my chat_members row) and `o` (the other user).
 * The member-row conditions are repeated in migration 0011 (the partial indexes and `chat_tab_flags`,
 * which keeps the totals): change both. `subscribers` depends on the clock and on another table, so
 * it is no member-row flag: the list probes the pair's subscription (its unique key) per chat, and the
 * total is counted from the creator's subscriptions (src/chats/chat-totals.ts).
 */
export const filterSql: Record<Exclude<ChatFilter, 'fans2'>, SQL> = {
  all: sql`true`,
  online: sql`o.is_online`,
  favorites: sql`m.favorite`,
  fans: sql`m.spent_by_other > 0`,
  subscribers: sql`exists (select 1 from subscriptions s
    where s.fan_id = m.other_id and s.creator_id = m.user_id and ${liveSubscriptionSql('s')})`,
  unreplied: sql`m.last_from_other`,
  // Her own choice when she made one, else spending; inlined, not a parameter, so the planner matches
  // the vip tab's partial index.
  vip: sql`coalesce(m.vip, m.spent_by_other >= ${sql.raw(String(VIP_CREDITS))})`,
  // The fans, in spending order (the list orders this tab by `m.spent_by_other`: chat_members_top_idx).
  top: sql`m.spent_by_other > 0`,
  sent: sql`m.last_message_at is not null and not m.last_from_other`,
  recent: sql`m.last_message_at > now() - make_interval(hours => ${RECENT_HOURS})`,
  hidden: sql`m.hidden`,
};

/** The spec's client sends the fans tab as `fans2`. */
export const conditionOf = (filter: ChatFilter): SQL => filterSql[filter === 'fans2' ? 'fans' : filter];
