import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hiddenMessages, messages, purchases, type UserRow } from '../db/schema';
import { AppError, notFound } from '../errors';
import { chatForMember } from '../chats/chat-store';
import { appendEvent } from '../realtime/event-log';
import { visibleTo } from './visible';

const messageNotFound = () => notFound('Message not found');

/** The message, if the user can see it in one of their chats. */
async function visibleMessage(app: FastifyInstance, me: UserRow, id: number) {
  const [msg] = await app.db.select().from(messages).where(eq(messages.id, id));
  if (!msg) throw messageNotFound();
  const { me: member } = await chatForMember(app.db, msg.chatId, me.id).catch(() => {
    throw messageNotFound();
  });
  const [ok] = await app.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(member), eq(messages.id, id)));
  if (!ok) throw messageNotFound();
  return msg;
}

/** Hides a message from the caller's own view only. */
export async function hideForMe(app: FastifyInstance, me: UserRow, id: number): Promise<void> {
  const msg = await visibleMessage(app, me, id);
  await app.db.transaction(async (tx) => {
    await tx.insert(hiddenMessages).values({ messageId: id, userId: me.id }).onConflictDoNothing();
    await appendEvent(tx, me.id, { type: 'message_hidden', message_id: String(id), chat_id: msg.chatId });
  });
  await app.realtime.notify([me.id]);
}

/**
 * Deletes a message for both members. Only its sender may, and not once someone has paid for it:
 * what a fan bought stays theirs (docs/rules.md).
 */
export async function deleteMessage(app: FastifyInstance, me: UserRow, id: number): Promise<void> {
  const msg = await visibleMessage(app, me, id);
  const cannot = new AppError(403, 'You can not delete this message.', 'cannot_delete');
  if (msg.senderId !== me.id || msg.system) throw cannot;
  const [bought] = await app.db
    .select({ id: purchases.messageId })
    .from(purchases)
    .where(eq(purchases.messageId, id))
    .limit(1);
  if (bought) throw cannot;
  await app.db.transaction(async (tx) => {
    await tx.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, id));
    for (const userId of [msg.senderId, msg.recipientId].sort()) {
      await appendEvent(tx, userId, { type: 'message_deleted', message_id: String(id), chat_id: msg.chatId });
    }
  });
  await app.realtime.notify([msg.senderId, msg.recipientId]);
}
