import { messageTypes, type MessageNotice } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { chatRef } from './chats';
import { bigintNumber, createdAt, flag, timestamptz, zeroInt } from './columns';
import { ledgerTransactions } from './ledger';
import { userRef } from './user-ref';
import { users } from './users';

export const messages = pgTable(
  'messages',
  {
    id: bigintNumber('id').primaryKey().generatedAlwaysAsIdentity(),
    chatId: chatRef('chat_id'),
    senderId: userRef('sender_id'),
    recipientId: userRef('recipient_id'),
    type: text('type', { enum: messageTypes }).notNull(),
    /** System messages are written by Cove, not typed by a person. */
    system: flag('system'),
    /** Null: both members see it; otherwise only this member (most system messages). */
    visibleTo: uuid('visible_to'),
    text: text('text').notNull().default(''),
    /** A money line's kind and amount in credits (migration 0033); each viewer's screen words it. */
    notice: jsonb('notice').$type<MessageNotice>(),
    gifUrl: text('gif_url'),
    mediaId: uuid('media_id'),
    /** Credits to unlock (pay-per-view); 0 for an ordinary message. */
    price: zeroInt('price'),
    /** Credits the sender paid to send it (the chat rate at the time). */
    cost: zeroInt('cost'),
    selfDestruct: flag('self_destruct'),
    destructAt: timestamptz('destruct_at'),
    parentMessageId: bigintNumber('parent_message_id'),
    /** The sender's own id for this send; a retry with the same id returns the first message. */
    sendId: text('send_id'),
    /** A tip's message from the fan (docs/rules.md, Tips), kept apart from the tip line's text. */
    tipNote: text('tip_note'),
    /** The post a tip was given on. */
    tipPostId: uuid('tip_post_id'),
    readAt: timestamptz('read_at'),
    deletedAt: timestamptz('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    // Every media request checks who may see it through the messages that carry it.
    index('messages_media_idx').on(t.mediaId),
    uniqueIndex('messages_send_key').on(t.senderId, t.sendId),
    index('messages_destruct_idx')
      .on(t.destructAt)
      .where(sql`${t.destructAt} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    // What a viewer tipped on a post (migration 0039).
    index('messages_tip_post_idx')
      .on(t.tipPostId, t.senderId)
      .where(sql`${t.tipPostId} IS NOT NULL`),
    check('messages_price_range', sql`${t.price} >= 0 AND ${t.price} <= 100000`),
  ],
);

/** Messages a member hid from their own view. */
export const hiddenMessages = pgTable(
  'hidden_messages',
  {
    messageId: bigintNumber('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);

/** One purchase per buyer per paid message: the primary key makes a second one impossible. */
export const purchases = pgTable(
  'purchases',
  {
    messageId: bigintNumber('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'restrict' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    price: integer('price').notNull(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.buyerId] }),
    index('purchases_buyer_idx').on(t.buyerId, t.createdAt),
  ],
);
