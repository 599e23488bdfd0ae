import type { ChatFilter } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { chatMembers, chats, type notes as notesTable, userCounters, users } from '../db/schema';
import { toChatDto, toChatUser } from './chat-dto';
import { conditionOf } from './chat-filters';
import { supportUserId } from '../support/support-account';

export interface ListQuery {
  limit: number;
  offset: number;
  search?: string | undefined;
  type: ChatFilter;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `from ... where ...` of one user's listed chats in a tab: the list and bulk "all except" edits share
 * it. Hidden chats show on the Hidden tab only, and a search finds them on any tab, so a hidden chat
 * is never out of reach (docs/rules.md, Hidden chats).
 */
export function tabSql(userId: string, type: ChatFilter, search?: string) {
  const searchSql = search ? sql`and o.username ilike ${`%${escapeLike(search)}%`}` : sql``;
  const shown = type === 'hidden' || search ? sql`` : sql`and not m.hidden`;
  return sql`from chat_members m join users o on o.id = m.other_id
    where m.user_id = ${userId} and m.listed ${shown} and ${conditionOf(type)} ${searchSql}`;
}

const otherMember = alias(chatMembers, 'other_member');

interface NoteJson {
  id: string;
  text: string;
  created_at: string;
  updated_at: string;
}

/**
 * The two statements of one list page, run side by side: the page with everything its rows show,
 * and the caller's unread totals. Unread chats from the support account come first, found through
 * the (user, other) key; the rest is read off the tab's own index in list order (see the indexes on
 * chat_members), so a page costs its 20 rows however big the inbox is.
 */
export function listStatements(db: Db, userId: string, q: ListQuery, supportId: string | null) {
  const tab = tabSql(userId, q.type, q.search);
  const isPinned = sql`(m.other_id = ${supportId} and m.unread > 0)`;
  // The support chat, when there is one, sits at position 0 and shifts the rest by one. The rest is
  // read with a constant limit and offset (one row more than a page when the page may start after
  // the support chat) so the planner can take the tab's index in order; positions then pick the page.
  const from = Math.max(0, q.offset - 1);
  // Top spenders read in spending order (chat_members_top_idx), every other tab newest first.
  const order =
    q.type === 'top'
      ? sql`m.spent_by_other desc, m.chat_id`
      : sql`m.last_message_at desc nulls last, m.chat_id`;
  const page = sql`(
    with pinned as (select m.chat_id ${tab} and ${isPinned}),
    rest as (
      select m.chat_id, row_number() over (order by ${order}) - 1 as r
      ${tab} and not coalesce(${isPinned}, false)
      order by ${order}
      limit ${q.limit + q.offset - from} offset ${from}),
    listed as (
      select chat_id, 0::bigint as pos from pinned
      union all select chat_id, r + (select count(*) from pinned) from rest)
    select chat_id, pos from listed where pos >= ${q.offset} and pos < ${q.offset + q.limit}
  ) as page`;
  const notes = sql<NoteJson[]>`coalesce((
    select json_agg(json_build_object('id', n.id, 'text', n.text, 'created_at', n.created_at,
      'updated_at', n.updated_at) order by n.created_at, n.id)
    from notes n where n.chat_id = page.chat_id and n.author_id = ${userId}), '[]'::json)`;
  // A primary-key probe per row of the page, inside the same statement.
  const blocked = sql<boolean>`exists (select 1 from blocks b
    where b.blocker_id = ${userId} and b.blocked_id = ${chatMembers.otherId})`;
  const blockedMe = sql<boolean>`exists (select 1 from blocks b
    where b.blocker_id = ${chatMembers.otherId} and b.blocked_id = ${userId})`;
  return {
    page: db
      .select({ me: chatMembers, chat: chats, other: otherMember, person: users, notes, blocked, blockedMe })
      .from(page)
      .innerJoin(chatMembers, sql`${chatMembers.userId} = ${userId} and ${chatMembers.chatId} = page.chat_id`)
      .innerJoin(chats, eq(chats.id, chatMembers.chatId))
      .innerJoin(users, eq(users.id, chatMembers.otherId))
      .leftJoin(
        otherMember,
        and(eq(otherMember.chatId, chatMembers.chatId), eq(otherMember.userId, chatMembers.otherId)),
      )
      .orderBy(sql`page.pos`),
    counters: db.select().from(userCounters).where(eq(userCounters.userId, userId)),
  };
}

const noteRow = (chatId: string, authorId: string, n: NoteJson): typeof notesTable.$inferSelect => ({
  id: n.id,
  chatId,
  authorId,
  text: n.text,
  createdAt: new Date(n.created_at),
  updatedAt: new Date(n.updated_at),
});

/** One page of the chat list in one round trip (two statements in parallel). */
export async function listChats(db: Db, userId: string, q: ListQuery, path: string) {
  const statements = listStatements(db, userId, q, await supportUserId(db));
  const [rows, counters] = await Promise.all([statements.page, statements.counters]);
  const next = new URLSearchParams({
    v: '2',
    limit: String(q.limit),
    offset: String(q.offset + q.limit),
    type: q.type,
  });
  if (q.search) next.set('search', q.search);
  return {
    data: rows.map((r) =>
      toChatDto(
        r.chat,
        r.me,
        r.other ?? undefined,
        r.notes.map((n) => noteRow(r.chat.id, userId, n)),
        r.person,
        { byMe: r.blocked, byOther: r.blockedMe },
      ),
    ),
    data_users: rows.map((r) => toChatUser(r.person)),
    next: rows.length === q.limit ? `${path}?${next}` : null,
    unread_messages: counters[0]?.unread ?? 0,
    unread_messages_favorites: counters[0]?.unreadFavorites ?? 0,
  };
}
