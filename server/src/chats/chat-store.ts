import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { blocks, chatMembers, chats, notes, type UserRow, users } from '../db/schema';
import { rowsOf } from '../db/rows';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { toChatDto } from './chat-dto';
import type { Queryable } from '../db/transaction';

export type ChatRow = typeof chats.$inferSelect;
export type MemberRow = typeof chatMembers.$inferSelect;

export const chatNotFound = () => fail('not_found', 'Chat');
export const pairOf = (a: string, b: string) =>
  a < b ? { userLow: a, userHigh: b } : { userLow: b, userHigh: a };

export async function chatBetween(db: Queryable, a: string, b: string): Promise<ChatRow | undefined> {
  const { userLow, userHigh } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.userLow, userLow), eq(chats.userHigh, userHigh)));
  return row;
}

/**
 * The chat and both memberships, if `userId` is one of its members. Anyone else gets 404 'Chat not
 * found', the same answer as for a chat that does not exist, so ids reveal nothing.
 */
export async function chatForMember(db: Queryable, chatId: string, userId: string) {
  if (!isUuid(chatId)) throw chatNotFound();
  const rows = await db.select().from(chatMembers).where(eq(chatMembers.chatId, chatId));
  const me = rows.find((r) => r.userId === userId);
  const other = rows.find((r) => r.userId !== userId);
  const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
  if (!me || !other || !chat) throw chatNotFound();
  return { chat, me, other };
}

/** Whether either of two people blocked the other: the database's `pair_blocked` (src/db/functions/chats) decides. */
export async function isBlockedEitherWay(db: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = rowsOf<{ blocked: boolean }>(
    await db.execute(sql`select pair_blocked(${a}, ${b}) as blocked`),
  );
  return row?.blocked === true;
}

export async function userRow(db: Queryable, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Chat DTOs for one member, notes included (a creator's notes are theirs alone), and the other
 * people of those chats in the same order.
 */
export async function chatDtos(db: Queryable, userId: string, members: MemberRow[]) {
  if (members.length === 0) return { data: [], users: [] };
  const ids = members.map((m) => m.chatId);
  const otherIds = members.map((m) => m.otherId);
  const [chatRows, others, noteRows, people, blockRows] = await Promise.all([
    db.select().from(chats).where(inArray(chats.id, ids)),
    db
      .select()
      .from(chatMembers)
      .where(and(inArray(chatMembers.chatId, ids), sql`${chatMembers.userId} <> ${userId}`)),
    db
      .select()
      .from(notes)
      .where(and(inArray(notes.chatId, ids), eq(notes.authorId, userId))),
    db.select().from(users).where(inArray(users.id, otherIds)),
    db
      .select()
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, otherIds)),
          and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, otherIds)),
        ),
      ),
  ]);
  const blockedIds = new Set(blockRows.filter((b) => b.blockerId === userId).map((b) => b.blockedId));
  const blockerIds = new Set(blockRows.filter((b) => b.blockedId === userId).map((b) => b.blockerId));
  const chatById = new Map(chatRows.map((c) => [c.id, c]));
  const otherByChat = new Map(others.map((o) => [o.chatId, o]));
  const personById = new Map(people.map((p) => [p.id, p]));
  const shown = members.filter((m) => chatById.has(m.chatId) && personById.has(m.otherId));
  return {
    data: shown.map((m) =>
      toChatDto(
        chatById.get(m.chatId) as ChatRow,
        m,
        otherByChat.get(m.chatId),
        noteRows.filter((n) => n.chatId === m.chatId),
        personById.get(m.otherId) as UserRow,
        { byMe: blockedIds.has(m.otherId), byOther: blockerIds.has(m.otherId) },
      ),
    ),
    users: shown.map((m) => personById.get(m.otherId) as UserRow),
  };
}
