import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, timestamptz } from './columns';
import { userRef } from './user-ref';
import { users } from './users';

/** The last sequence number handed out per user; the row lock makes numbering gap-free and ordered. */
export const userEventSeqs = pgTable('user_event_seqs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigintNumber('last_seq').notNull(),
});

/** Every realtime event for a user, in order; a reconnecting client replays what it missed from here. */
export const userEvents = pgTable(
  'user_events',
  {
    userId: userRef('user_id'),
    seq: bigintNumber('seq').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  // Pruning deletes by age (src/realtime/prune.ts).
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('user_events_created_at_idx').on(t.createdAt)],
);

/** Server instances holding sockets, with their last heartbeat (presence without Redis). */
export const realtimeInstances = pgTable('realtime_instances', {
  id: uuid('id').primaryKey(),
  heartbeatAt: timestamptz('heartbeat_at').notNull().defaultNow(),
});

/** How many open, visible sockets each instance holds per user; a user is online while a live instance has one. */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => realtimeInstances.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    sockets: integer('sockets').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId] }),
    index('realtime_presence_user_idx').on(t.userId),
  ],
);
