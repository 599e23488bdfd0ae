import type { Purchase } from '@cove/contracts';
import { desc, eq } from 'drizzle-orm';
import { messages, purchases, users } from '../db/schema';
import type { MediaContext } from '../media';
import { messagesByIds } from '../messages/list-messages';

/**
 * `GET /v1/message/paid`: what the caller bought, newest first, each with the message as they see it
 * now (unlocked), or null once it is gone (self-destructed).
 */
export async function listPurchases(ctx: MediaContext, userId: string, limit: number, offset: number) {
  const rows = await ctx.db
    .select({
      messageId: purchases.messageId,
      price: purchases.price,
      boughtAt: purchases.createdAt,
      chatId: messages.chatId,
      creatorId: messages.senderId,
      creatorName: users.username,
    })
    .from(purchases)
    .innerJoin(messages, eq(messages.id, purchases.messageId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(purchases.buyerId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.messageId))
    .limit(limit + 1)
    .offset(offset);
  const page = rows.slice(0, limit);
  const shown = new Map(
    (
      await messagesByIds(
        ctx,
        userId,
        page.map((r) => r.messageId),
      )
    ).map((m) => [m._id, m]),
  );
  const data: Purchase[] = page.map((r) => ({
    message_id: String(r.messageId),
    chat_id: r.chatId,
    creator: { _id: r.creatorId, username: r.creatorName },
    price: r.price,
    bought_at: r.boughtAt.toISOString(),
    message: shown.get(String(r.messageId)) ?? null,
  }));
  const next = rows.length > limit ? `/v1/message/paid?limit=${limit}&offset=${offset + limit}` : null;
  return { data, next };
}
