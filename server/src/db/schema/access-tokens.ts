import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';

/** Access tokens are 256 random bits; only their SHA-256 is stored, so a leaked table signs no one in. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);
