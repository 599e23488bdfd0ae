import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey, zeroInt } from './columns';
import { userRef } from './user-ref';

/** Tables of migration 0052: see its comments for the rules the database keeps. */

export const subscriptionBundles = pgTable(
  'subscription_bundles',
  {
    creatorId: userRef('creator_id'),
    months: smallint('months').notNull(),
    percentOff: smallint('percent_off').notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.months] })],
);

export const subscriptionTrialLinks = pgTable('subscription_trial_links', {
  id: uuidPrimaryKey(),
  creatorId: userRef('creator_id'),
  code: text('code').notNull().unique(),
  trialDays: smallint('trial_days').notNull(),
  maxUses: integer('max_uses').notNull(),
  used: zeroInt('used'),
  expiresAt: timestamptz('expires_at').notNull(),
  revokedAt: timestamptz('revoked_at'),
  createdAt: createdAt(),
});
export type TrialLinkRow = typeof subscriptionTrialLinks.$inferSelect;

export const subscriptionPromotions = pgTable('subscription_promotions', {
  id: uuidPrimaryKey(),
  creatorId: userRef('creator_id'),
  audience: text('audience', { enum: ['new', 'returning'] }).notNull(),
  percentOff: smallint('percent_off').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  endsAt: timestamptz('ends_at').notNull(),
  maxUses: integer('max_uses'),
  used: zeroInt('used'),
  endedAt: timestamptz('ended_at'),
  createdAt: createdAt(),
});
export type PromotionRow = typeof subscriptionPromotions.$inferSelect;
