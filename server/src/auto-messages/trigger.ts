import type { AutoMessageCategory } from '@cove/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { rowsOf } from '../db/rows';
import type { Queryable, Tx } from '../db/transaction';
import { bossDb } from '../jobs/boss-db';
import { autoMessageCategories, messages } from '../db/schema';
import { type AutoMessageJobData, autoMessageQueue, singletonKeyOf } from './queue';

/**
 * Whether a trigger of `category` has something to queue: the creator (an id, or SQL naming one) has
 * messages in it and the fan has not had them yet.
 */
function dueFor(category: AutoMessageCategory, creatorId: SQL | string, fanId: string) {
  return and(
    eq(autoMessageCategories.creatorId, creatorId),
    eq(autoMessageCategories.category, category),
    sql`exists (select 1 from auto_messages m
      where m.creator_id = ${autoMessageCategories.creatorId} and m.category = ${category})`,
    sql`not exists (select 1 from auto_message_sends s where s.creator_id = ${autoMessageCategories.creatorId}
      and s.fan_id = ${fanId} and s.category = ${category})`,
  );
}

/**
 * Asked before a sale's transaction, outside its locks: whether its trigger may queue anything. Most
 * creators have no messages in a category, and their sales then keep the one-statement path; the
 * transaction asks again (queueAutoMessages). A creator who adds messages while a sale is under way
 * has them from the next trigger on.
 */
export async function mayQueue(
  db: Queryable,
  category: AutoMessageCategory,
  creatorId: SQL | string,
  fanId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ creatorId: autoMessageCategories.creatorId })
    .from(autoMessageCategories)
    .where(dueFor(category, creatorId, fanId));
  return row !== undefined;
}

/**
 * A trigger fired, inside the transaction that made the follow, purchase or subscription: queues the
 * delivery when the creator has messages in that category and this fan has not had them yet, to
 * start after the category's delay. The job row is written on the transaction's connection (pg-boss's
 * `db` option), so it commits with the sale or not at all. Cheap to call on every follow or purchase;
 * a costlier condition (`alsoIf`) is asked only then. The job itself makes the final check
 * (deliver.ts). Answers whether a job was queued.
 */
export async function queueAutoMessages(
  boss: PgBoss,
  tx: Tx,
  data: AutoMessageJobData,
  alsoIf: () => Promise<boolean> = async () => true,
): Promise<boolean> {
  const [due] = await tx
    .select({ delayMinutes: autoMessageCategories.delayMinutes })
    .from(autoMessageCategories)
    .where(dueFor(data.category, data.creatorId, data.fanId));
  if (!due || !(await alsoIf())) return false;
  const id = await boss.send(
    autoMessageQueue.name,
    { ...data },
    {
      singletonKey: singletonKeyOf(data),
      startAfter: due.delayMinutes * 60,
      db: bossDb(tx),
    },
  );
  return id !== null;
}

/** The purchase that fired a trigger: a paid message or tip the fan sent, a chat unlock, a post bought. */
export type PurchaseRef =
  | { kind: 'message'; messageId: number }
  | { kind: 'unlock'; messageId: number }
  | { kind: 'post'; postId: string };

/** When the fan made this purchase, as its own row says (null when it is not theirs). */
function purchaseTime(fanId: string, ref: PurchaseRef) {
  switch (ref.kind) {
    case 'message':
      return sql`(select created_at from messages where id = ${ref.messageId} and sender_id = ${fanId})`;
    case 'unlock':
      return sql`(select created_at from purchases where message_id = ${ref.messageId} and buyer_id = ${fanId})`;
    case 'post':
      return sql`(select created_at from feed_purchases where post_id = ${ref.postId} and buyer_id = ${fanId})`;
  }
}

/**
 * Whether this purchase was the fan's first from the creator: no paid unlock (chat or feed), tip or
 * paid chat message of theirs is older. Asked of the purchase itself rather than by counting, so of two
 * first purchases made at once the older one still counts as first (counting, both would see two);
 * equal times at most queue the same delivery twice, which sends once.
 */
export async function isFirstPurchase(
  db: Queryable,
  fanId: string,
  creatorId: string,
  ref: PurchaseRef,
): Promise<boolean> {
  const at = purchaseTime(fanId, ref);
  const [row] = rowsOf<{ first: boolean }>(
    await db.execute(sql`select ${at} is not null and not exists (
        select 1 from purchases p join messages m on m.id = p.message_id
          where p.buyer_id = ${fanId} and m.sender_id = ${creatorId} and p.created_at < ${at}
        union all
        select 1 from feed_purchases fp join feed_posts f on f.id = fp.post_id
          where fp.buyer_id = ${fanId} and f.creator_id = ${creatorId} and fp.created_at < ${at}
        union all
        select 1 from messages m where m.sender_id = ${fanId} and m.recipient_id = ${creatorId}
          and m.cost > 0 and m.type <> 'tip_model' and m.created_at < ${at}) as first`),
  );
  return row?.first === true;
}

/**
 * Whether the fan has written in this chat (a message or a tip; the notices Cove writes in their name,
 * such as the creator's copy of an intro's start, are not theirs). A fan already talking with the
 * creator is past being welcomed, as when the creator sets a welcome long after their chats began.
 */
export async function hasWritten(db: Queryable, fanId: string, chatId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.senderId, fanId), eq(messages.system, false)))
    .limit(1);
  return row !== undefined;
}
