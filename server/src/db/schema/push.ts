import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accessTokens } from './access-tokens';
import { createdAt, uuidPrimaryKey } from './columns';
import { userRef } from './user-ref';

/** Table of migration 0021: a browser's push endpoint, bound to the user and the session that subscribed it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidPrimaryKey(),
    userId: userRef('user_id'),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_key'),
    /** The browser's ECDH public key and auth secret (base64url): the payload is encrypted to them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_token_idx').on(t.tokenId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
