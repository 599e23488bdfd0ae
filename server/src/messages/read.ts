import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chatMembers, messages, userCounters } from '../db/schema';
import type { MemberRow } from '../chats/chat-store';
import { unreadMessagesEvent } from '../chats/unread-event';
import type { Emit } from '../realtime/with-events';
import type { Tx } from '../db/transaction';
import { readChatNotifications } from '../notifications/read';

/** A self-destructing message is removed this long after it is first read or bought (docs/rules.md). */
export const SELF_DESTRUCT_MS = 24 * 60 * 60 * 1000;

/**
 * Marks chats read for one member: their unread counts drop to zero (and the per-user totals by the
 * same amount), received messages get read_at, self-destructing ones start their clock, and the
 * other member hears of it. Their gathered notification records are read with them.
 */
export async function markRead(tx: Tx, emit: Emit, userId: string, members: MemberRow[]): Promise<void> {
  const unreadOnes = members.filter((m) => m.unread > 0 || m.unreadTip);
  if (unreadOnes.length === 0) return;
  const now = new Date();
  const chatIds = unreadOnes.map((m) => m.chatId);
  const total = unreadOnes.reduce((n, m) => n + m.unread, 0);
  const favorites = unreadOnes.reduce((n, m) => n + (m.favorite ? m.unread : 0), 0);
  await tx
    .update(chatMembers)
    .set({ unread: 0, unreadTip: false })
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, chatIds)));
  const [counters] = await tx
    .update(userCounters)
    .set({
      unread: sql`greatest(${userCounters.unread} - ${total}, 0)`,
      unreadFavorites: sql`greatest(${userCounters.unreadFavorites} - ${favorites}, 0)`,
    })
    .where(eq(userCounters.userId, userId))
    .returning();
  await tx
    .update(messages)
    .set({
      readAt: now,
      destructAt: sql`case when ${messages.selfDestruct} and ${messages.price} = 0 then ${new Date(now.getTime() + SELF_DESTRUCT_MS)}::timestamptz else ${messages.destructAt} end`,
    })
    .where(and(inArray(messages.chatId, chatIds), eq(messages.recipientId, userId), isNull(messages.readAt)));
  await readChatNotifications(tx, emit, userId, chatIds);
  emit(userId, unreadMessagesEvent(counters));
  for (const m of unreadOnes)
    emit(m.otherId, {
      type: 'message_read',
      chat_id: m.chatId,
      reader_id: userId,
      read_at: now.toISOString(),
    });
}
