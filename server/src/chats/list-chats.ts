import type { ChatFilter } from '@cove/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers, userCounters, users } from '../db/schema';
import { toChatUser } from './chat-dto';
import { rowsOf } from '../db/rows';
import { conditionOf, filterSql } from './chat-filters';
import { chatDtos, type MemberRow } from './chat-store';

export interface ListQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
  type: ChatFilter;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `from ... where ...` of one user's listed chats in a tab: the list and bulk "all except" edits share it. */
export function tabSql(userId: string, type: ChatFilter, search?: string) {
  const searchSql = search ? sql`and o.username ilike ${`%${escapeLike(search)}%`}` : sql``;
  return sql`from chat_members m join users o on o.id = m.other_id
    where m.user_id = ${userId} and m.listed and not m.hidden and ${conditionOf(type)} ${searchSql}`;
}

/**
 * One page of the chat list. Unread chats from the support account come first, then newest last
 * message; the (user, last_message_at) index serves the common case.
 */
const supportIds = new WeakMap<Db, string | null>();

/** The support account's id, looked up once per database. */
async function supportUserId(db: Db): Promise<string | null> {
  if (!supportIds.has(db)) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'support'));
    supportIds.set(db, row?.id ?? null);
  }
  return supportIds.get(db) ?? null;
}

export async function listChats(db: Db, userId: string, q: ListQuery, path: string) {
  const tab = tabSql(userId, q.type, q.search);
  // The support chat, when unread, leads the list. It is found through the (user, other) key, and
  // the rest keeps to the (user, last_message_at) index instead of sorting the whole inbox.
  const support = await supportUserId(db);
  const isPinned = sql`(m.other_id = ${support} and m.unread > 0)`;
  const pinned = support
    ? rowsOf<{ chat_id: string }>(await db.execute(sql`select m.chat_id ${tab} and ${isPinned}`)).map(
        (r) => r.chat_id,
      )
    : [];
  const onPage = q.offset === 0 ? pinned : [];
  const rest = rowsOf<{ chat_id: string }>(
    await db.execute(sql`select m.chat_id ${tab} and not coalesce(${isPinned}, false)
      order by m.last_message_at desc nulls last, m.chat_id
      limit ${q.limit - onPage.length} offset ${Math.max(0, q.offset - pinned.length)}`),
  );
  const ids = [...onPage, ...rest.map((r) => r.chat_id)];
  const members: MemberRow[] = ids.length
    ? await db
        .select()
        .from(chatMembers)
        .where(sql`${chatMembers.userId} = ${userId} and ${inArray(chatMembers.chatId, ids)}`)
    : [];
  const byId = new Map(members.map((m) => [m.chatId, m]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const [{ data, users: people }, counters] = await Promise.all([
    chatDtos(db, userId, ordered),
    db.select().from(userCounters).where(eq(userCounters.userId, userId)),
  ]);
  const next = new URLSearchParams({
    v: '2',
    limit: String(q.limit),
    offset: String(q.offset + q.limit),
    type: q.type,
  });
  if (q.search) next.set('search', q.search);
  return {
    data,
    data_users: people.map(toChatUser),
    next: ids.length === q.limit ? `${path}?${next}` : null,
    unread_messages: counters[0]?.unread ?? 0,
    unread_messages_favorites: counters[0]?.unreadFavorites ?? 0,
  };
}

/** The nine tab totals of a creator's inbox, in one pass over their chats. */
export async function chatTotals(db: Db, userId: string) {
  const f = filterSql;
  const result = await db.execute(sql`
    select count(*) filter (where ${f.all})::int as all,
      count(*) filter (where ${f.online})::int as online,
      count(*) filter (where ${f.fans})::int as fans,
      count(*) filter (where ${f.subscribers})::int as subscribers,
      count(*) filter (where ${f.favorites})::int as favorites,
      count(*) filter (where ${f.unreplied})::int as unreplied,
      count(*) filter (where ${f.vip})::int as vip,
      count(*) filter (where ${f.recent})::int as recent,
      count(*) filter (where ${f.sent})::int as sent
    ${tabSql(userId, 'all')}`);
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
  };
}
