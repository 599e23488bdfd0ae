import { sql } from 'drizzle-orm';
import { chatBetween, pairOf } from '../chats/chat-store';
import { chatMembers, chats, type UserRow } from '../db/schema';
import type { Tx } from '../db/transaction';

/**
 * The fan–creator chat, made when they share none yet. A subscription is a paid relationship, so
 * the free-chat limit does not apply; the chat takes the creator's rate as any new chat does.
 */
export async function subscriptionChat(tx: Tx, fanId: string, creator: UserRow): Promise<string> {
  const rate = creator.features.force_free_chats ? 0 : creator.creditRate;
  const [made] = await tx
    .insert(chats)
    .values({ ...pairOf(fanId, creator.id), creditRate: rate })
    .onConflictDoNothing()
    .returning({ id: chats.id });
  if (made) {
    await tx.insert(chatMembers).values([
      { chatId: made.id, userId: fanId, otherId: creator.id },
      { chatId: made.id, userId: creator.id, otherId: fanId },
    ]);
    return made.id;
  }
  // The chat existed, or a concurrent open committed it first (its insert waited for ours).
  const chat = await chatBetween(tx, fanId, creator.id);
  if (!chat) throw new Error('subscription chat vanished');
  return chat.id;
}

/**
 * A subscription payment counts in the creator's list as credits the fan spent in the chat (the fans
 * and VIP tabs, as the feed's "fan" audience counts it). `reveal` puts the chat back on both lists, as
 * a new message would: a new subscriber shows in the creator's subscribers tab.
 */
export async function recordPayment(
  tx: Tx,
  chatId: string,
  creatorId: string,
  amount: number,
  reveal: boolean,
): Promise<void> {
  await tx.execute(sql`
    update chat_members set
      spent_by_other = spent_by_other + case when user_id = ${creatorId} then ${amount} else 0 end
      ${reveal ? sql`, listed = true, hidden = false` : sql``}
    where chat_id = ${chatId} ${reveal ? sql`` : sql`and user_id = ${creatorId}`}`);
}
