import { type NotificationKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { users } from './users';
import { userRef } from './user-ref';

/** The notifications centre's records (migration 0041; docs/rules.md, "Notifications"). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    kind: text('kind').$type<NotificationKind>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount'),
    count: integer('count').notNull().default(1),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    postId: uuid('post_id'),
    detail: text('detail'),
    url: text('url').notNull(),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_order_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_gather_key')
      .on(t.userId, t.chatId)
      .where(sql`${t.kind} = 'message' and ${t.readAt} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
