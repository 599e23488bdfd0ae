import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPrimaryKey } from './columns';

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
    subscriptionPrice: integer('subscription_price').notNull().default(0),
    isCustomer: boolean('is_customer').notNull().default(false),
    idVerified: boolean('id_verified').notNull().default(false),
    idVerificationStatus: text('id_verification_status', {
      enum: ['pending', 'in_progress', 'rejected', 'verified'],
    }),
    identityCheck: text('identity_check', { enum: ['in_progress', 'verified', 'retake'] }),
    requiresModeration: boolean('requires_moderation').notNull().default(false),
    discoverStatus: text('discover_status', { enum: ['featured', 'hidden', 'denied'] })
      .notNull()
      .default('hidden'),
    forceDiscover: boolean('force_discover').notNull().default(false),
    onboardingV2: boolean('onboarding_v2').notNull().default(true),
    codeUsed: text('code_used'),
    /** The creator whose code (`code_used`) this user signed up with; see docs/rules.md, Referrals. */
    referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    emailVerified: boolean('email_verified').notNull().default(false),
    affiliate: boolean('affiliate').notNull().default(false),
    affiliateProfileVisited: boolean('affiliate_profile_visited').notNull().default(false),
    boughtCreditPackage: boolean('bought_credit_package').notNull().default(false),
    deleteAt: timestamptz('delete_at'),
    showSkinscoreBanner: boolean('show_skinscore_banner').notNull().default(false),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hasFavorites: boolean('has_favorites').notNull().default(false),
    isBroadcasting: boolean('is_broadcasting').notNull().default(false),
    unreadFeeds: integer('unread_feeds').notNull().default(0),
    invisible: boolean('invisible').notNull().default(false),
    introEnabled: boolean('intro_enabled').notNull().default(false),
    privateFeed: boolean('private_feed').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    isStaffMo: boolean('is_staff_mo').notNull().default(false),
    frozen: boolean('frozen').notNull().default(false),
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
    isOnline: boolean('is_online').notNull().default(false),
    /** A creator's rate for new chats: credits a fan pays per message. */
    creditRate: integer('credit_rate').notNull().default(10),
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
