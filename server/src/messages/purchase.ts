import { and, eq, sql } from 'drizzle-orm';
import { chatMembers, messages, purchases, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { chatForMember } from '../chats/chat-store';
import type { MediaContext } from '../media/for-message';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { chargeFan, isBalanceTooLow, notEnoughCredits } from './charges';
import { toDtos } from './list-messages';
import { SELF_DESTRUCT_MS } from './read';
import { visibleTo } from './visible';

const alreadyBought = () => fail('already_purchased');

/**
 * Buys a paid message for its recipient, exactly once: the purchase row's primary key admits one
 * buy per (message, buyer), and the charge commits with it or not at all.
 */
export async function buyMessage(deps: EventDeps & { media: MediaContext }, me: UserRow, messageId: number) {
  const { db } = deps;
  const [msg] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!msg) throw fail('not_found', 'Message');
  const { me: member } = await chatForMember(db, msg.chatId, me.id).catch(() => {
    throw fail('not_found', 'Message');
  });
  const [visible] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(visibleTo(member), eq(messages.id, messageId)));
  if (!visible) throw fail('not_found', 'Message');
  if (msg.recipientId !== me.id || msg.price <= 0) throw fail('not_for_sale');

  const now = new Date();
  const destructAt = msg.selfDestruct ? new Date(now.getTime() + SELF_DESTRUCT_MS) : msg.destructAt;
  try {
    const bought = await withEvents(
      deps,
      async (tx, emit) => {
        // The charge's idempotency key makes a concurrent second buy wait for the first, then find it.
        const transactionId = await chargeFan(
          tx,
          'purchase',
          me.id,
          msg.senderId,
          msg.price,
          `purchase:${messageId}:${me.id}`,
          {
            message_id: messageId,
          },
        );
        if (!transactionId) throw alreadyBought();
        const [row] = await tx
          .insert(purchases)
          .values({ messageId, buyerId: me.id, price: msg.price, transactionId })
          .onConflictDoNothing()
          .returning();
        if (!row) throw alreadyBought();
        const [updated] = await tx
          .update(messages)
          .set({ destructAt })
          .where(eq(messages.id, messageId))
          .returning();
        await tx
          .update(chatMembers)
          .set({ spentByOther: sql`${chatMembers.spentByOther} + ${msg.price}` })
          .where(and(eq(chatMembers.chatId, msg.chatId), eq(chatMembers.userId, msg.senderId)));
        const event = {
          type: 'message_paid' as const,
          message_id: String(messageId),
          chat_id: msg.chatId,
          destruct_at: destructAt?.toISOString() ?? null,
        };
        for (const id of [me.id, msg.senderId]) emit(id, event);
        return updated ?? msg;
      },
      { between: [me.id, msg.senderId] },
    );
    const [data] = await toDtos(deps.media, me.id, [bought]);
    if (!data) throw new Error('bought message has no view');
    return { data, credits: await creditsOf(db, me.id) };
  } catch (err) {
    if (isBalanceTooLow(err)) throw await notEnoughCredits(db, me.id);
    throw err;
  }
}
