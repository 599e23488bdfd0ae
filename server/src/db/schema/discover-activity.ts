import { bigintNumber, zeroInt } from './columns';
import { date, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Messages a creator sent per UTC day, folded in by the activity job (discover/activity.ts). */
export const creatorActivity = pgTable(
  'creator_activity',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    messages: zeroInt('messages'),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day] })],
);

/** The last message the activity job has counted (one row). */
export const discoverActivityMark = pgTable('discover_activity_mark', {
  id: smallint('id').primaryKey().default(1),
  messageId: bigintNumber('message_id').notNull().default(0),
});
