import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, flag, timestamptz, uuidPrimaryKey, zeroInt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull(),
    /** An address the owner asked to change to; it becomes `email` only when its code is entered. */
    pendingEmail: text('pending_email'),
    username: text('username'),
    type: text('type', { enum: ['user', 'featured'] })
      .notNull()
      .default('user'),
    gender: text('gender', { enum: ['male', 'female', 'trans'] }),
    avatarUrl: text('avatar_url'),
    coverUrl: text('cover_url'),
    bio: text('bio').notNull().default(''),
    /** Monthly subscription price in credits; 0 takes no subscribers. */
    subscriptionPrice: zeroInt('subscription_price'),
    isCustomer: flag('is_customer'),
    idVerified: flag('id_verified'),
    idVerificationStatus: text('id_verification_status', {
      enum: ['pending', 'in_progress', 'rejected', 'verified'],
    }),
    identityCheck: text('identity_check', { enum: ['in_progress', 'verified', 'retake'] }),
    requiresModeration: flag('requires_moderation'),
    discoverStatus: text('discover_status', { enum: ['featured', 'hidden', 'denied'] })
      .notNull()
      .default('hidden'),
    forceDiscover: flag('force_discover'),
    onboardingV2: boolean('onboarding_v2').notNull().default(true),
    codeUsed: text('code_used'),
    /** The creator whose code (`code_used`) this user signed up with; see docs/rules.md, Referrals. */
    referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    emailVerified: flag('email_verified'),
    affiliate: flag('affiliate'),
    affiliateProfileVisited: flag('affiliate_profile_visited'),
    boughtCreditPackage: flag('bought_credit_package'),
    deleteAt: timestamptz('delete_at'),
    showSkinscoreBanner: flag('show_skinscore_banner'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasFavorites: flag('has_favorites'),
    isBroadcasting: flag('is_broadcasting'),
    unreadFeeds: zeroInt('unread_feeds'),
    /** When the person last read their home feed's first page (migration 0042). */
    feedReadAt: timestamptz('feed_read_at'),
    invisible: flag('invisible'),
    introEnabled: flag('intro_enabled'),
    privateFeed: flag('private_feed'),
    isStaff: flag('is_staff'),
    isStaffMo: flag('is_staff_mo'),
    /** May publish, canary, promote and roll back remotes from the browser (migration 0045). */
    isReleaseManager: flag('is_release_manager'),
    frozen: flag('frozen'),
    bannedAt: timestamptz('banned_at'),
    terminatedAt: timestamptz('terminated_at'),
    /** When the scheduled deletion was carried out: personal data erased, the row kept for the ledger. */
    deletedAt: timestamptz('deleted_at'),
    /** When the person confirmed they are 18 or older and accepted the terms (at sign-up). */
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    /** A creator's profile and chats are closed to fans in these countries (ISO 3166-1 alpha-2). */
    blockedCountries: text('blocked_countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Per-user overrides of the provider's default feature permissions. */
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    notifyMarketing: boolean('notify_marketing').notNull().default(true),
    notifyNotifications: boolean('notify_notifications').notNull().default(true),
    notifyPayments: boolean('notify_payments').notNull().default(true),
    notifyPayouts: boolean('notify_payouts').notNull().default(true),
    lastOnline: timestamptz('last_online'),
    /** Kept by the realtime hub; the chat list's "online" filter reads it. */
    isOnline: flag('is_online'),
    /** A creator's rate for new chats: credits a fan pays per message. */
    creditRate: integer('credit_rate').notNull().default(10),
    /**
     * A creator's posts and messages of the last 7 days, kept by the activity job (discover/activity.ts).
     * With presence it makes `discover_rank`, a column the database keeps (functions/discover) and
     * Discover orders by; it is left out here since only SQL reads it.
     */
    recentActivity: zeroInt('recent_activity'),
    /**
     * Staff's visibility ladder (migration 0053, discover/punishment.ts): 0 none, 1 punishment alert,
     * 2 final punishment alert, 3 a Discover penalty; each step lapses at `punishmentUntil`.
     */
    punishmentLevel: smallint('punishment_level').notNull().default(0),
    punishmentReason: text('punishment_reason'),
    punishmentUntil: timestamptz('punishment_until'),
    /** Minutes east of UTC, as the person's browser last said: the Nearby tab. */
    utcOffset: smallint('utc_offset'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    // The chat list's online tab, creators online in its total, and its search by name (migration 0011).
    index('users_online_idx')
      .on(t.id)
      .where(sql`${t.isOnline}`),
    index('users_online_creators_idx')
      .on(t.id)
      .where(sql`${t.isOnline} AND ${t.type} = 'featured'`),
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_delete_due_idx')
      .on(t.deleteAt)
      .where(sql`${t.deleteAt} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

export type UserRow = typeof users.$inferSelect;
