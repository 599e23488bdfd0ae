import { messagePreview } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { chatMembers, chats, userCounters } from '../db/schema';
import type { ChatRow, Tx } from '../chats/chat-store';
import type { Emit } from '../realtime/with-events';
import { toMessageDto, type MessageRow } from './message-dto';

/**
 * Everything a new message changes besides its own row, in the sender's transaction: the chat's
 * last message, both list rows, the recipient's unread counts, and the events both sides receive.
 * Locks are taken in one order (chat, members, counters, then event sequences by user id when the
 * unit of work ends) so concurrent sends cannot deadlock.
 */
export async function recordDelivery(
  tx: Tx,
  emit: Emit,
  chat: ChatRow,
  m: MessageRow,
  spent: number,
): Promise<void> {
  // A message only its recipient sees (a tip notice) is not echoed to the sender's devices.
  const viewers = m.visibleTo ? [m.visibleTo] : [m.senderId, m.recipientId];
  await tx
    .update(chats)
    .set({
      lastMessageId: m.id,
      lastMessageAt: m.createdAt,
      lastMessageText: messagePreview(m),
      lastSenderId: m.senderId,
    })
    .where(eq(chats.id, chat.id));
  const [recipient] = await tx
    .update(chatMembers)
    .set({
      unread: sql`${chatMembers.unread} + 1`,
      unreadTip: m.type === 'tip_model' ? true : sql`${chatMembers.unreadTip}`,
      spentByOther: sql`${chatMembers.spentByOther} + ${spent}`,
      lastMessageAt: m.createdAt,
      lastFromOther: true,
      listed: true,
      hidden: false,
    })
    .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, m.recipientId)))
    .returning();
  await tx
    .update(chatMembers)
    .set({ lastMessageAt: m.createdAt, lastFromOther: false, listed: true, hidden: false })
    .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, m.senderId)));
  const favorite = recipient?.favorite ? 1 : 0;
  const [counters] = await tx
    .insert(userCounters)
    .values({ userId: m.recipientId, unread: 1, unreadFavorites: favorite })
    .onConflictDoUpdate({
      target: userCounters.userId,
      set: {
        unread: sql`${userCounters.unread} + 1`,
        unreadFavorites: sql`${userCounters.unreadFavorites} + ${favorite}`,
      },
    })
    .returning();
  for (const userId of [m.senderId, m.recipientId]) {
    if (viewers.includes(userId))
      emit(userId, { type: 'new_message', message: toMessageDto(m, userId, false) });
    if (userId === m.recipientId && counters) {
      emit(userId, {
        type: 'unread_messages',
        unread_messages: counters.unread,
        unread_messages_favorites: counters.unreadFavorites,
      });
    }
  }
}
