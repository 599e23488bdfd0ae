import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';

/** A creator's named lists of the people she chats with (migration 0036). */
export const fanLists = pgTable(
  'fan_lists',
  {
    id: uuidPrimaryKey(),
    creatorId: userRef('creator_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fan_lists_creator_name_key').on(t.creatorId, sql`lower(${t.name})`)],
);
export type FanListRow = typeof fanLists.$inferSelect;

export const fanListMembers = pgTable(
  'fan_list_members',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => fanLists.id, { onDelete: 'cascade' }),
    fanId: userRef('fan_id'),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'fan_list_members_pk', columns: [t.listId, t.fanId] }),
    index('fan_list_members_fan_idx').on(t.fanId),
  ],
);
