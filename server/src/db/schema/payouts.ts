import { date, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidPrimaryKey } from './columns';
import { users } from './users';

/** Tables of migration 0018: see its comments for the rules the database keeps. */

type MethodKind = 'bank_transfer' | 'paypal_transfer' | 'paxum_transfer' | 'crypto_transfer';

export const payoutMethods = pgTable('payout_methods', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method').$type<MethodKind>().notNull(),
  /** What the payout provider needs; never sent to a client. */
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  label: text('label').notNull(),
  updatedAt: updatedAt(),
});
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export const payouts = pgTable('payouts', {
  id: uuidPrimaryKey(),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  idempotencyKey: text('idempotency_key').notNull(),
  amount: integer('amount').notNull(),
  method: text('method').$type<MethodKind>().notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  label: text('label').notNull(),
  status: text('status', { enum: ['on_hold', 'pending', 'completed', 'failed'] })
    .notNull()
    .default('pending'),
  failureReason: text('failure_reason'),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  completedAt: timestamptz('completed_at'),
});
export type PayoutRow = typeof payouts.$inferSelect;

export const amlSubmissions = pgTable('aml_submissions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  dateOfBirth: date('date_of_birth').notNull(),
  address: text('address').notNull(),
  country: text('country').notNull(),
  taxId: text('tax_id'),
  submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
});
