import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers, hiddenMessages, messages, purchases, userCounters, type UserRow } from '../db/schema';
import type { Tx } from '../db/transaction';
import { fail } from '../errors';
import { chatForMember } from '../chats/chat-store';
import { unreadMessagesEvent } from '../chats/unread-event';
import { withEvents, type Emit, type EventDeps } from '../realtime/with-events';
import { visibleTo } from './visible';
import type { ErrorCode } from '@cove/contracts';

/** What hiding or deleting a message may be refused with. */
export const removeMessageCodes = ['not_found', 'cannot_delete'] as const satisfies readonly ErrorCode[];

const messageNotFound = () => fail('not_found', 'Message');

/** The message, if the user can see it in one of their chats. */
async function visibleMessage(db: Db, me: UserRow, id: number) {
  const [msg] = await db.select().from(messages).where(eq(messages.id, id));
  if (!msg) throw messageNotFound();
  const { me: member } = await chatForMember(db, msg.chatId, me.id).catch(() => {
    throw messageNotFound();
  });
  const [ok] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(member), eq(messages.id, id)));
  if (!ok) throw messageNotFound();
  return msg;
}

/** Hides a message from the caller's own view only. */
export async function hideForMe(deps: EventDeps, me: UserRow, id: number): Promise<void> {
  const msg = await visibleMessage(deps.db, me, id);
  await withEvents(deps, async (tx, emit) => {
    await tx.insert(hiddenMessages).values({ messageId: id, userId: me.id }).onConflictDoNothing();
    emit(me.id, { type: 'message_hidden', message_id: String(id), chat_id: msg.chatId });
  });
}

/**
 * Deletes a message for both members. Only its sender may, and not once someone has paid for it:
 * what a fan bought stays theirs (docs/rules.md).
 */
export async function deleteMessage(deps: EventDeps, me: UserRow, id: number): Promise<void> {
  const msg = await visibleMessage(deps.db, me, id);
  const cannot = fail('cannot_delete');
  if (msg.senderId !== me.id || msg.system) throw cannot;
  const [bought] = await deps.db
    .select({ id: purchases.messageId })
    .from(purchases)
    .where(eq(purchases.messageId, id))
    .limit(1);
  if (bought) throw cannot;
  // Both users locked first, as sends and reads take them: the message cannot be read between its
  // delete and the uncount.
  await withEvents(
    deps,
    async (tx, emit) => {
      const [deleted] = await tx
        .update(messages)
        .set({ deletedAt: new Date() })
        .where(and(eq(messages.id, id), sql`${messages.deletedAt} is null`))
        .returning({ readAt: messages.readAt });
      for (const userId of [msg.senderId, msg.recipientId])
        emit(userId, { type: 'message_deleted', message_id: String(id), chat_id: msg.chatId });
      if (deleted && !deleted.readAt) await uncount(tx, emit, msg.recipientId, msg.chatId);
    },
    { between: [msg.senderId, msg.recipientId] },
  );
}

/**
 * A deleted message its recipient had not read leaves their unread counts: the chat's and the
 * per-user totals drop by one, and their badges hear of it.
 */
async function uncount(tx: Tx, emit: Emit, userId: string, chatId: string): Promise<void> {
  const [member] = await tx
    .update(chatMembers)
    .set({ unread: sql`${chatMembers.unread} - 1` })
    .where(and(eq(chatMembers.userId, userId), eq(chatMembers.chatId, chatId), gt(chatMembers.unread, 0)))
    .returning({ favorite: chatMembers.favorite });
  if (!member) return;
  const [counters] = await tx
    .update(userCounters)
    .set({
      unread: sql`greatest(${userCounters.unread} - 1, 0)`,
      unreadFavorites: sql`greatest(${userCounters.unreadFavorites} - ${member.favorite ? 1 : 0}, 0)`,
    })
    .where(eq(userCounters.userId, userId))
    .returning();
  emit(userId, unreadMessagesEvent(counters));
}
