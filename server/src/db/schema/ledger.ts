import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, flag, uuidPrimaryKey } from './columns';
import { users } from './users';

/**
 * Double-entry ledger. Each account has a cached balance kept by a trigger on `ledger_entries`; the
 * CHECK keeps user balances from going below zero, and a deferred trigger rejects any transaction
 * whose entries do not sum to zero. See src/db/functions/ledger for the triggers.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuidPrimaryKey(),
    /** The user who owns it; null for the platform's own accounts. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', {
      enum: [
        'credits',
        'earnings',
        'debt',
        'payout_clearing',
        'platform_revenue',
        'promotions',
        'sales',
        'provider_clearing',
        'payouts_sent',
      ],
    }).notNull(),
    balance: bigintNumber('balance').notNull().default(0),
    /** Only platform source accounts (promotions, sales) may go negative: they mint credits. */
    allowNegative: flag('allow_negative'),
    /**
     * Whether `balance` is kept per entry. The platform's accounts take part in every sale, so a cached
     * balance would make one row every payment waits on; theirs is the sum of their entries instead.
     */
    cachedBalance: boolean('cached_balance').notNull().default(true),
  },
  (t) => [
    unique('ledger_accounts_owner_kind').on(t.ownerId, t.kind).nullsNotDistinct(),
    check('ledger_accounts_balance_not_negative', sql`${t.allowNegative} OR ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuidPrimaryKey(),
    kind: text('kind').notNull(),
    /** What caused it (a message id, a purchase id, an admin action), for audits. */
    reference: jsonb('reference').$type<Record<string, unknown>>().notNull().default({}),
    /** A caller-chosen key that makes retries of the same movement harmless. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    /** The order transactions were written in: orders those sharing one `created_at` (one database transaction). */
    seq: bigintNumber('seq').generatedAlwaysAsIdentity().notNull(),
  },
  (t) => [
    index('ledger_transactions_created_idx').on(t.createdAt),
    uniqueIndex('ledger_transactions_seq_idx').on(t.seq),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuidPrimaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amount: bigintNumber('amount').notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);
