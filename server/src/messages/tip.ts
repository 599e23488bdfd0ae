import { and, eq } from 'drizzle-orm';
import { messages, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { chatForMember, userRow } from '../chats/chat-store';
import { fanOf, frozenError } from '../chats/pair-rules';
import { providerConfigFor } from '../provider/provider-config';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { chargeFan, isBalanceTooLow, notEnoughCredits } from './charges';
import { recordDelivery } from './deliver';
import { toMessageDto } from './message-dto';
import { sendIdReused } from './send-key';
import { addSystemMessage } from './system-messages';

const credits = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * A fan tips the creator of a chat. The fan's copy (tip_user) carries the send id, so a retried tip
 * is applied once (and the same id for another chat, amount or kind of message is a 409); the
 * creator's copy (tip_model) counts as unread and marks the chat's tip badge.
 */
export async function tip(deps: EventDeps, me: UserRow, chatId: string, amount: number, sendId: string) {
  const { db } = deps;
  const { chat, other } = await chatForMember(db, chatId, me.id);
  if (me.frozen) throw frozenError();
  const creator = await userRow(db, other.userId);
  if (!creator || fanOf(me, creator)?.id !== me.id) throw fail('tip_not_allowed');
  const config = await providerConfigFor(db, creator);
  if (!config.features.tips) throw fail('tips_disabled');
  try {
    // The users' row locks serialize this with every other send or tip by the same fan, so a send
    // id used before is always found here, never raced past.
    const result = await withEvents(
      deps,
      async (tx, emit) => {
        const [existing] = await tx
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, me.id), eq(messages.sendId, sendId)));
        if (existing) {
          if (existing.type !== 'tip_user' || existing.chatId !== chat.id || existing.cost !== amount)
            throw sendIdReused();
          return { row: existing, created: false };
        }
        const row = await addSystemMessage(
          tx,
          emit,
          chat.id,
          { viewer: me.id, other: creator.id },
          'tip_user',
          `You tipped ${credits(amount)}.`,
          {
            senderId: me.id,
            recipientId: creator.id,
            price: 0,
            cost: amount,
            sendId,
          },
        );
        await chargeFan(tx, 'tip', me.id, creator.id, amount, `tip:${row.id}`, {
          message_id: row.id,
          chat_id: chat.id,
        });
        const [notice] = await tx
          .insert(messages)
          .values({
            chatId: chat.id,
            senderId: me.id,
            recipientId: creator.id,
            visibleTo: creator.id,
            system: true,
            type: 'tip_model',
            text: `Tipped you ${credits(amount)}.`,
            cost: amount,
          })
          .returning();
        if (notice) await recordDelivery(tx, emit, notice, amount);
        return { row, created: true };
      },
      { between: [me.id, creator.id] },
    );
    return { data: toMessageDto(result.row, me.id, false), credits: await creditsOf(db, me.id) };
  } catch (err) {
    if (isBalanceTooLow(err)) throw await notEnoughCredits(db, me.id);
    throw err;
  }
}
