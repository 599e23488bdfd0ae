import { and, eq } from 'drizzle-orm';
import { blocks, chatMembers, chats, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { addSystemMessage } from '../messages/system-messages';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { endSubscriptionForBlock } from '../subscriptions/end-for-block';
import { chatBetween, chatForMember } from './chat-store';
import { otherUser } from './open-chat';
import type { ErrorCode } from '@cove/contracts';

/** What changing a chat's rate may be refused with: only its creator may. */
export const changeRateCodes = ['forbidden', 'not_found'] as const satisfies readonly ErrorCode[];

/** What blocking or unblocking someone may be refused with. */
export const blockCodes = ['user_not_found', 'own_block'] as const satisfies readonly ErrorCode[];

/** What refusing a chat's media may be refused with. */
export const blockMediaCodes = ['not_found'] as const satisfies readonly ErrorCode[];

/** A creator changes what a fan pays per message in one chat; both sides get a system message. */
export async function changeRate(deps: EventDeps, me: UserRow, chatId: string, rate: number) {
  if (me.type !== 'featured') throw fail('forbidden');
  const { chat, other } = await chatForMember(deps.db, chatId, me.id);
  if (chat.creditRate === rate) return;
  await withEvents(deps, async (tx, emit) => {
    await tx.update(chats).set({ creditRate: rate }).where(eq(chats.id, chat.id));
    const pair = { creator: me.id, fan: other.userId };
    const notices = [
      { to: { viewer: pair.creator, other: pair.fan }, type: 'for_model_rate_changed' },
      { to: { viewer: pair.fan, other: pair.creator }, type: 'for_user_rate_changed' },
    ] as const;
    for (const { to, type } of notices)
      await addSystemMessage(tx, emit, chat.id, to, type, { kind: 'rate_changed', amount: rate });
    for (const id of [pair.creator, pair.fan]) emit(id, { type: 'chat_updated', chat_id: chat.id });
  });
}

/**
 * Blocks (or unblocks) someone, in one transaction between the two, their rows locked first as a
 * renewal or a purchase locks them: a new block and what it does to the pair's subscription
 * (src/subscriptions/end-for-block.ts) happen together or not at all. Both members' chats are told,
 * so the blocked person's open chat shows that it is closed.
 */
export async function setBlocked(
  deps: EventDeps,
  me: UserRow,
  otherId: string,
  blocked: boolean,
): Promise<void> {
  const other = await otherUser(deps.db, otherId);
  if (other.id === me.id) throw fail('own_block');
  await withEvents(
    deps,
    async (tx, emit) => {
      const pair = and(eq(blocks.blockerId, me.id), eq(blocks.blockedId, other.id));
      const changed = blocked
        ? await tx
            .insert(blocks)
            .values({ blockerId: me.id, blockedId: other.id })
            .onConflictDoNothing()
            .returning()
        : await tx.delete(blocks).where(pair).returning();
      if (changed.length === 0) return;
      if (blocked) await endSubscriptionForBlock(tx, emit, me, other.id, new Date());
      const chat = await chatBetween(tx, me.id, other.id);
      if (chat) for (const id of [me.id, other.id]) emit(id, { type: 'chat_updated', chat_id: chat.id });
    },
    { between: [me.id, other.id] },
  );
}

/** Refuse (or allow again) photos, videos and GIFs from the other member of a chat. */
export async function setMediaBlocked(
  deps: EventDeps,
  me: UserRow,
  chatId: string,
  blocked: boolean,
): Promise<void> {
  const { chat, other } = await chatForMember(deps.db, chatId, me.id);
  await withEvents(deps, async (tx, emit) => {
    await tx
      .update(chatMembers)
      .set({ mediaBlocked: blocked, mediaBlockedAt: blocked ? new Date() : null })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, me.id)));
    for (const id of [me.id, other.userId]) emit(id, { type: 'chat_updated', chat_id: chat.id });
  });
}
