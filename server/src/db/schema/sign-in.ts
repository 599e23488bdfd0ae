import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey, zeroInt } from './columns';
import { userRef } from './user-ref';

/** Single-use magic links; only the token's hash is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_links_user_idx').on(t.userId)],
);

/**
 * Four-digit email codes, hashed, with a wrong-try budget: `verify` confirms the account's address,
 * `change` confirms a pending new address, `action` confirms a sensitive change.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    purpose: text('purpose', { enum: ['verify', 'change', 'action'] }).notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: zeroInt('attempts'),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
    index('email_codes_email_idx').on(t.email, t.purpose, t.createdAt),
    check('email_codes_attempts_range', sql`${t.attempts} >= 0 AND ${t.attempts} <= 5`),
  ],
);

export type EmailCodeRow = typeof emailCodes.$inferSelect;
