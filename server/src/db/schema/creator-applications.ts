import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { users } from './users';

/**
 * Table of migration 0022: one application per person to become a creator, kept after the decision
 * (docs/rules.md, "Becoming a creator"). The user's own row carries the identity check's state.
 */
export const creatorApplications = pgTable(
  'creator_applications',
  {
    id: uuidPrimaryKey(),
    userId: uuid('user_id')
      .notNull()
      .unique('creator_applications_user_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    dateOfBirth: date('date_of_birth').notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country').notNull(),
    /** The current sandbox identity check (its page is /sandbox/identity/:check_id); null before one starts. */
    checkId: text('check_id').unique('creator_applications_check_key'),
    /** Who decided: `staff:<email>` from the admin page, the CLI's actor otherwise. */
    decidedBy: text('decided_by'),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('creator_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    index('creator_applications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
export type CreatorApplicationRow = typeof creatorApplications.$inferSelect;
