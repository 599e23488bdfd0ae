import { integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { chats } from './chats';
import { bigintNumber, createdAt, flag, timestamptz, updatedAt, uuidPrimaryKey, zeroInt } from './columns';
import { ledgerTransactions } from './ledger';
import { userRef } from './user-ref';
import { users } from './users';

/** Tables of migrations 0013, 0028 and 0039: see their comments for the rules the database keeps. */

export const savedCards = pgTable('saved_cards', {
  id: uuidPrimaryKey(),
  userId: userRef('user_id'),
  provider: text('provider').notNull(),
  /** The provider's reusable token for the card; never a card number. */
  providerRef: text('provider_ref').notNull(),
  brand: text('brand', { enum: ['VISA', 'MASTER'] }).notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  createdAt: createdAt(),
});
export type SavedCardRow = typeof savedCards.$inferSelect;

/**
 * What a payment's idempotency key was first sent with (src/payments/payment-key.ts): a card payment's
 * package, purpose and card, or a crypto payment's package.
 */
export type PaymentRequest =
  | {
      method: 'card';
      amount: number;
      model_id: string | null;
      chat_id: string | null;
      message_id: string | null;
      feed_id: string | null;
      tip: number | null;
      /** Present (true) only on a payment that subscribes. */
      subscribe?: true;
      /** Present only on a tip on a post: its post, amount and message, in that order. */
      tip_post?: [string, number, string | null];
      card_id: string | null;
      save_card: boolean;
    }
  | { method: 'crypto'; amount: number };

export interface CryptoPaid {
  amount: number;
  currency: string;
  fee: number;
}

export const payments = pgTable('payments', {
  id: uuidPrimaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  provider: text('provider').notNull(),
  method: text('method', { enum: ['card', 'crypto'] }).notNull(),
  providerPaymentId: text('provider_payment_id'),
  idempotencyKey: text('idempotency_key').notNull(),
  request: jsonb('request').$type<PaymentRequest>().notNull(),
  status: text('status', {
    enum: ['pending', 'succeeded', 'failed', 'refunded', 'charged_back'],
  })
    .notNull()
    .default('pending'),
  paymentType: text('payment_type', {
    enum: ['credits', 'message', 'tip', 'post', 'subscription', 'post_tip'],
  }).notNull(),
  amount: integer('amount').notNull(),
  packageBonus: zeroInt('package_bonus'),
  credits: zeroInt('credits'),
  bonus: zeroInt('bonus'),
  modelId: uuid('model_id').references(() => users.id, { onDelete: 'set null' }),
  chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
  messageId: bigintNumber('message_id'),
  feedId: text('feed_id'),
  tip: integer('tip'),
  /** A tip on a post: the message sent with it (migration 0039). */
  tipNote: text('tip_note'),
  /** The price of the post or subscription it finishes, as it was when the payment started. */
  actionPrice: integer('action_price'),
  cardId: uuid('card_id').references(() => savedCards.id, { onDelete: 'set null' }),
  /** The card charged, as its receipt names it; kept on the payment since the saved card may go. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  saveCard: flag('save_card'),
  failureCode: text('failure_code'),
  actionStatus: text('action_status', { enum: ['none', 'pending', 'done', 'failed'] })
    .notNull()
    .default('none'),
  actionError: text('action_error'),
  unlockedMessageId: bigintNumber('unlocked_message_id'),
  crypto: jsonb('crypto').$type<CryptoPaid>(),
  redirectUrl: text('redirect_url'),
  transactionId: uuid('transaction_id').references(() => ledgerTransactions.id),
  reversalTransactionId: uuid('reversal_transaction_id').references(() => ledgerTransactions.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type PaymentRow = typeof payments.$inferSelect;

export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox provider's books: how a test card behaves, never its number. */
export const sandboxCards = pgTable('sandbox_cards', {
  ref: text('ref').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour').notNull(),
  /** When the first payment with the card's token consumed it. */
  usedAt: timestamptz('used_at'),
  /** Kept for the fan by that payment: it pays again by its saved reference, never as a token. */
  reusable: flag('reusable'),
  createdAt: createdAt(),
});

export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  method: text('method', { enum: ['card', 'crypto'] }).notNull(),
  cardRef: text('card_ref').references(() => sandboxCards.ref, { onDelete: 'set null' }),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').notNull(),
  returnUrl: text('return_url').notNull(),
  failUrl: text('fail_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
});
