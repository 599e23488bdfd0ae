import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey, zeroInt } from './columns';
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
    /** Stopped after the magic link: this token can only finish the second step (docs/rules.md, Second factor). */
    secondStep: boolean('second_step').notNull().default(false),
    factorPassedAt: timestamptz('factor_passed_at'),
    factorAttempts: zeroInt('factor_attempts'),
    userAgent: text('user_agent'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);
