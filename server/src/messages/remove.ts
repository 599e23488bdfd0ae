import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { hiddenMessages, messages, purchases, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { chatForMember } from '../chats/chat-store';
import { withEvents, type EventDeps } from '../realtime/with-events';
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
  await withEvents(deps, async (tx, emit) => {
    await tx.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, id));
    for (const userId of [msg.senderId, msg.recipientId])
      emit(userId, { type: 'message_deleted', message_id: String(id), chat_id: msg.chatId });
  });
}
