import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import {
  chatMembers,
  autoMessageCategories,
  autoMessageSends,
  autoMessages,
  media,
  messages,
} from '../db/schema';
import { rowsOf } from '../db/rows';
import { isBlockedEitherWay, userRow } from '../chats/chat-store';
import { fanOf, isGone } from '../chats/pair-rules';
import { bundleUsable } from '../messages/bundle-items';
import { recordDelivery } from '../messages/deliver';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import { subscriptionChat } from '../subscriptions/subscription-chat';
import type { AutoMessageJobData } from './queue';
import { isRestricted } from '../users/user-dto';
import type { Tx } from '../db/transaction';

/** Whether the fan already bought a message carrying this media from anyone: theirs arrives unlocked. */
async function owns(tx: Tx, fanId: string, mediaId: string): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await tx.execute(sql`select 1 as one from purchases p join messages m on m.id = p.message_id
      where p.buyer_id = ${fanId} and m.media_id = ${mediaId} limit 1`),
  );
  return rows.length > 0;
}

/** Whether an auto-message of another category reached the fan within the cooldown. */
async function coolingDown(tx: Tx, d: AutoMessageJobData, hours: number): Promise<boolean> {
  if (hours === 0) return false;
  const [recent] = await tx
    .select({ at: autoMessageSends.createdAt })
    .from(autoMessageSends)
    .where(
      and(
        eq(autoMessageSends.creatorId, d.creatorId),
        eq(autoMessageSends.fanId, d.fanId),
        ne(autoMessageSends.category, d.category),
        gt(autoMessageSends.sent, 0),
        gt(autoMessageSends.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

/** The category's messages in order, each with its media row when it carries one. */
async function itemsOf(tx: Tx, d: AutoMessageJobData) {
  return tx
    .select({ message: autoMessages, media })
    .from(autoMessages)
    .leftJoin(media, eq(media.id, autoMessages.mediaId))
    .where(and(eq(autoMessages.creatorId, d.creatorId), eq(autoMessages.category, d.category)))
    .orderBy(asc(autoMessages.position));
}

/**
 * Writes one category's messages to one fan, as ordinary messages from the creator in their chat
 * (made when they share none), with the chat list, unread counts and events of any message. Runs
 * between the two users (rows locked in id order). The `auto_message_sends` row is inserted first:
 * a second run (a repeated trigger, a retried job) finds it and writes nothing. Nothing is written
 * and nothing claimed for a pair that cannot chat now (a block, a gone or frozen account); the
 * cooldown claims without writing. Paid messages lock as any PPV, except one media the fan already
 * bought, which arrives free (a bundle is sold whole). Answers how many messages were written.
 */
export async function deliverAutoMessages(deps: EventDeps, d: AutoMessageJobData): Promise<number> {
  return withEvents(
    deps,
    async (tx, emit) => {
      const [creator, fan] = [await userRow(tx, d.creatorId), await userRow(tx, d.fanId)];
      if (!creator || !fan || creator.type !== 'featured' || fanOf(creator, fan)?.id !== fan.id) return 0;
      if (isGone(creator) || isGone(fan) || creator.frozen || isRestricted(creator)) return 0;
      if (await isBlockedEitherWay(tx, creator.id, fan.id)) return 0;
      const [category] = await tx
        .select()
        .from(autoMessageCategories)
        .where(
          and(
            eq(autoMessageCategories.creatorId, d.creatorId),
            eq(autoMessageCategories.category, d.category),
          ),
        );
      const items = await itemsOf(tx, d);
      if (!category || items.length === 0) return 0;

      const [claimed] = await tx
        .insert(autoMessageSends)
        .values({ creatorId: d.creatorId, fanId: d.fanId, category: d.category, sent: 0 })
        .onConflictDoNothing()
        .returning({ category: autoMessageSends.category });
      if (!claimed || (await coolingDown(tx, d, category.cooldownHours))) return 0;

      const chatId = await subscriptionChat(tx, fan.id, creator);
      const [fanSide] = await tx
        .select({ mediaBlocked: chatMembers.mediaBlocked })
        .from(chatMembers)
        .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, fan.id)));
      let sent = 0;
      for (const { message: item, media: file } of items) {
        const written = await writeOne(tx, emit, {
          chatId,
          creatorId: creator.id,
          fanId: fan.id,
          item,
          file,
          mediaBlocked: fanSide?.mediaBlocked ?? false,
          sendId: `auto:${d.category}:${fan.id}:${item.position}`,
        });
        if (written) sent++;
      }
      await tx
        .update(autoMessageSends)
        .set({ sent })
        .where(
          and(
            eq(autoMessageSends.creatorId, d.creatorId),
            eq(autoMessageSends.fanId, d.fanId),
            eq(autoMessageSends.category, d.category),
          ),
        );
      return sent;
    },
    { between: [d.creatorId, d.fanId] },
  );
}

interface OneMessage {
  chatId: string;
  creatorId: string;
  fanId: string;
  item: typeof autoMessages.$inferSelect;
  file: typeof media.$inferSelect | null;
  mediaBlocked: boolean;
  sendId: string;
}

/**
 * One message of the category. A media deleted from the vault, not ready, or refused by the fan in
 * this chat is skipped; the rest still go.
 */
async function writeOne(tx: Tx, emit: Emit, m: OneMessage): Promise<boolean> {
  const { item, file } = m;
  if (item.type === 'media') {
    if (!file || file.deletedAt !== null || file.status !== 'ready' || file.ownerId !== m.creatorId)
      return false;
    if (m.mediaBlocked) return false;
  }
  // A bundle goes whole or not at all: each of its items must still be ready in the vault.
  const bundle = item.mediaItems;
  if (bundle && !(await bundleUsable(tx, m.creatorId, bundle))) return false;
  const price = item.price > 0 && file && !bundle && (await owns(tx, m.fanId, file.id)) ? 0 : item.price;
  const [row] = await tx
    .insert(messages)
    .values({
      chatId: m.chatId,
      senderId: m.creatorId,
      recipientId: m.fanId,
      type: file ? file.kind : 'text',
      text: item.text,
      mediaId: file?.id ?? null,
      price,
      sendId: m.sendId,
    })
    .onConflictDoNothing({ target: [messages.senderId, messages.sendId] })
    .returning();
  if (!row) return false;
  if (bundle) await tx.execute(sql`select write_bundle(${row.id}, ${JSON.stringify(bundle)}::jsonb)`);
  await recordDelivery(tx, emit, row, 0);
  return true;
}
