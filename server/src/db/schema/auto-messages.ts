import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey, zeroInt } from './columns';
import { media } from './media';
import { userRef } from './user-ref';

/** Tables of migration 0020: see its comments for the rules the database keeps. */

export const autoMessageCategories = pgTable(
  'auto_message_categories',
  {
    creatorId: userRef('creator_id'),
    category: text('category', {
      enum: ['welcome', 'new_follower', 'new_subscriber', 'first_purchase'],
    }).notNull(),
    excerpt: text('excerpt').notNull().default(''),
    delayMinutes: zeroInt('delay_minutes'),
    cooldownHours: zeroInt('cooldown_hours'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'auto_message_categories_pkey', columns: [t.creatorId, t.category] }),
    check(
      'auto_message_categories_category_check',
      sql`${t.category} IN ('welcome', 'new_follower', 'new_subscriber', 'first_purchase')`,
    ),
    check('auto_message_categories_delay_range', sql`${t.delayMinutes} BETWEEN 0 AND 1440`),
    check('auto_message_categories_cooldown_range', sql`${t.cooldownHours} BETWEEN 0 AND 168`),
  ],
);

export const autoMessages = pgTable(
  'auto_messages',
  {
    id: uuidPrimaryKey(),
    creatorId: uuid('creator_id').notNull(),
    category: text('category', {
      enum: ['welcome', 'new_follower', 'new_subscriber', 'first_purchase'],
    }).notNull(),
    position: integer('position').notNull(),
    type: text('type', { enum: ['text', 'media'] }).notNull(),
    text: text('text').notNull().default(''),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'cascade' }),
    /** A bundle's items as picked (migration 0031); null for one media or none. */
    mediaItems: jsonb('media_items').$type<{ media_id: string; preview: boolean }[]>(),
    price: zeroInt('price'),
  },
  (t) => [
    foreignKey({
      name: 'auto_messages_category_fk',
      columns: [t.creatorId, t.category],
      foreignColumns: [autoMessageCategories.creatorId, autoMessageCategories.category],
    }).onDelete('cascade'),
    uniqueIndex('auto_messages_position_key').on(t.creatorId, t.category, t.position),
    index('auto_messages_media_idx').on(t.mediaId),
    check('auto_messages_type_check', sql`${t.type} IN ('text', 'media')`),
    check('auto_messages_media_check', sql`(${t.type} = 'media') = (${t.mediaId} IS NOT NULL)`),
    check('auto_messages_price_range', sql`${t.price} >= 0 AND ${t.price} <= 100000`),
  ],
);
export type AutoMessageRow = typeof autoMessages.$inferSelect;

export const autoMessageSends = pgTable(
  'auto_message_sends',
  {
    creatorId: userRef('creator_id'),
    fanId: userRef('fan_id'),
    category: text('category').notNull(),
    sent: integer('sent').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'auto_message_sends_pkey', columns: [t.creatorId, t.fanId, t.category] })],
);
