import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';

/** Access tokens are 256 random bits; only their SHA-256 is stored, so a leaked table signs no one in. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);
