import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';
import { users } from './users';

/** One authenticator-app secret a person, sealed (second-factor/secret-box.ts); see 0044_second_factor.sql. */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamptz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
