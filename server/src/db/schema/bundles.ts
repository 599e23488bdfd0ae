import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintNumber, flag } from './columns';
import { messages, purchases } from './messages';

/**
 * A bundle's items in order (docs/rules.md, "Bundles"); `messages.media_id` is the first. Messages
 * with one media have no rows here. The free preview, when there is one, is open before the purchase.
 */
export const messageMedia = pgTable(
  'message_media',
  {
    messageId: bigintNumber('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    mediaId: uuid('media_id').notNull(),
    preview: flag('preview'),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    uniqueIndex('message_media_item_key').on(t.messageId, t.mediaId),
    uniqueIndex('message_media_one_preview')
      .on(t.messageId)
      .where(sql`${t.preview}`),
    index('message_media_media_idx').on(t.mediaId),
    check('message_media_position_range', sql`${t.position} >= 0 AND ${t.position} < 10`),
  ],
);

/** What each media of a purchase opened and earned its creator, written by `buy_message`. */
export const purchaseItems = pgTable(
  'purchase_items',
  {
    messageId: bigintNumber('message_id').notNull(),
    buyerId: uuid('buyer_id').notNull(),
    mediaId: uuid('media_id').notNull(),
    earned: integer('earned').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.buyerId, t.mediaId] }),
    foreignKey({
      columns: [t.messageId, t.buyerId],
      foreignColumns: [purchases.messageId, purchases.buyerId],
    }).onDelete('cascade'),
    index('purchase_items_media_idx').on(t.mediaId),
    check('purchase_items_earned_positive', sql`${t.earned} >= 0`),
  ],
);
