import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chatRef } from './chats';
import { bigintNumber, createdAt, flag, timestamptz, uuidPrimaryKey, zeroInt } from './columns';
import { media } from './media';
import { userRef } from './user-ref';

/** Tables of migration 0017 (and 0019, 0025): see their comments for the rules the database keeps. */

export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuidPrimaryKey(),
    creatorId: userRef('creator_id'),
    sendId: text('send_id').notNull(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'canceled', 'unsent', 'failed'] })
      .notNull()
      .default('scheduled'),
    category: text('category').notNull(),
    /** Only these chats (of the category), when given. */
    ids: uuid('ids').array(),
    /** All chats of the category but these, when given. */
    exceptIds: uuid('except_ids').array(),
    /** Only members of this list of the creator's, read when it sends (migration 0036). */
    listId: uuid('list_id'),
    type: text('type', { enum: ['text', 'image', 'video'] }).notNull(),
    text: text('text').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id),
    /** A bundle's items as picked (migration 0031); null for one media or none. */
    mediaItems: jsonb('media_items').$type<{ media_id: string; preview: boolean }[]>(),
    price: zeroInt('price'),
    selfDestruct: flag('self_destruct'),
    /** The chat list's preview of the message. */
    preview: text('preview').notNull(),
    /** The message as its sender, a recipient and a recipient who owns its media see it (events). */
    views: jsonb('views').notNull(),
    sendAt: timestamptz('send_at').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
    /** Every recipient is resolved (online fans are resolved, and written, first: migration 0019). */
    resolved: flag('resolved'),
    /** Errors its writing threw (never crashes); at the limit it is `failed` (migration 0025). */
    failures: zeroInt('failures'),
  },
  (t) => [
    uniqueIndex('broadcasts_send_key').on(t.creatorId, t.sendId),
    index('broadcasts_creator_idx').on(t.creatorId, t.createdAt.desc(), t.id),
    check(
      'broadcasts_status_check',
      sql`${t.status} IN ('scheduled', 'sending', 'sent', 'canceled', 'unsent', 'failed')`,
    ),
    check('broadcasts_price_range', sql`${t.price} >= 0 AND ${t.price} <= 100000`),
  ],
);
export type BroadcastRow = typeof broadcasts.$inferSelect;

export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    chatId: chatRef('chat_id'),
    fanId: userRef('fan_id'),
    /** Set in the transaction that writes the message; no foreign key (see the migration). */
    messageId: bigintNumber('message_id'),
  },
  (t) => [
    primaryKey({ name: 'broadcast_recipients_pk', columns: [t.broadcastId, t.chatId] }),
    index('broadcast_recipients_pending_idx')
      .on(t.broadcastId, t.fanId)
      .where(sql`message_id IS NULL`),
  ],
);
