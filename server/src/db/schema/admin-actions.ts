import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { users } from './users';

/** Every support action, with who ran it, kept for audits. */
export const adminActions = pgTable('admin_actions', {
  id: uuidPrimaryKey(),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
  args: jsonb('args').$type<string[]>().notNull().default([]),
  /** Why (migration 0043); the table refuses UPDATE and DELETE, so the log only grows. */
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});
