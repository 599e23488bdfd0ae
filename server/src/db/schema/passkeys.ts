import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accessTokens } from './access-tokens';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';

/** A person's passkeys (WebAuthn credentials); see 0046_passkeys.sql. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

const sessionRef = () =>
  uuid('session_id')
    .notNull()
    .references(() => accessTokens.id, { onDelete: 'cascade' });

/** Challenges given to one session, taken once. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  challenge: text('challenge').primaryKey(),
  userId: userRef('user_id'),
  sessionId: sessionRef(),
  purpose: text('purpose', { enum: ['register', 'assert'] }).notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/** A passkey assertion's single-use stand-in for an authenticator code, hashed. */
export const factorConfirmations = pgTable('factor_confirmations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: userRef('user_id'),
  sessionId: sessionRef(),
  expiresAt: timestamptz('expires_at').notNull(),
});
