import { and, eq, gt, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { hiddenMessages, messages } from '../db/schema';
import type { MemberRow } from '../chats/chat-store';

/**
 * The messages of a chat one member may see: not deleted, meant for them, not hidden, not cleared.
 * The database's functions ask `message_visible` (src/db/functions/messages/message-visible.sql);
 * test/messages/visible.test.ts holds the two together.
 */
export function visibleTo(member: MemberRow): SQL {
  return and(
    eq(messages.chatId, member.chatId),
    isNull(messages.deletedAt),
    or(isNull(messages.visibleTo), eq(messages.visibleTo, member.userId)),
    member.clearedBefore === null ? sql`true` : gt(messages.id, member.clearedBefore - 1),
    notExists(
      sql`(select 1 from ${hiddenMessages} h where h.message_id = ${messages.id} and h.user_id = ${member.userId})`,
    ),
  ) as SQL;
}
