import { messagePreview } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { unreadMessagesEvent } from '../chats/unread-event';
import { rowsOf } from '../db/rows';
import { chatMembers } from '../db/schema';
import type { Emit } from '../realtime/with-events';
import { toMessageDto, type MessageRow } from './message-dto';
import type { Tx } from '../db/transaction';

/**
 * Everything a new message changes besides its own row, in the sender's transaction: the chat's
 * last message, both list rows and the recipient's unread counts (the `record_delivery` function of
 * src/db/functions/messages, shared with the batched send path), and the events both sides receive.
 */
export async function recordDelivery(tx: Tx, emit: Emit, m: MessageRow, spent: number): Promise<void> {
  // Read before `record_delivery` brings the chat back: a chat its recipient had hidden gets no alert.
  const [before] = await tx
    .select({ hidden: chatMembers.hidden })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, m.chatId), eq(chatMembers.userId, m.recipientId)));
  const [counters] = rowsOf<{ unread: number; unread_favorites: number }>(
    await tx.execute(
      sql`select unread, unread_favorites from record_delivery((select m from messages m where m.id = ${m.id}), ${spent}, ${messagePreview(m)})`,
    ),
  );
  emit(m.senderId, { type: 'new_message', message: toMessageDto(m, m.senderId, false) });
  emit(m.recipientId, {
    type: 'new_message',
    message: toMessageDto(m, m.recipientId, false),
    ...(before?.hidden ? { was_hidden: true } : {}),
  });
  if (counters)
    emit(
      m.recipientId,
      unreadMessagesEvent({ unread: counters.unread, unreadFavorites: counters.unread_favorites }),
    );
}
