import { type SQL, sql } from 'drizzle-orm';
import { type MessageNotice, type ReportEvidence, reportCategories, reportStatuses } from '@cove/contracts';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bigintNumber, createdAt, flag, timestamptz, updatedAt, uuidPrimaryKey, zeroInt } from './columns';
import { userRef } from './user-ref';
import { users } from './users';

/** A conversation between two people; per-person state lives in `chat_members`. */
export const chats = pgTable(
  'chats',
  {
    id: uuidPrimaryKey(),
    /** The pair, smaller id first, so one pair has one chat. */
    userLow: userRef('user_low'),
    userHigh: userRef('user_high'),
    /** Credits a fan pays per message in this chat (0: a free chat). */
    creditRate: zeroInt('credit_rate'),
    isIntro: flag('is_intro'),
    introEnded: flag('intro_ended'),
    lastMessageId: bigintNumber('last_message_id'),
    lastMessageAt: timestamptz('last_message_at'),
    lastMessageText: text('last_message_text'),
    /** The last message's money line (kind and amount), which each member's preview words for them. */
    lastMessageNotice: jsonb('last_message_notice').$type<MessageNotice>(),
    lastSenderId: uuid('last_sender_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_pair_key').on(t.userLow, t.userHigh),
    check('chats_pair_ordered', sql`${t.userLow} < ${t.userHigh}`),
    check('chats_rate_range', sql`${t.creditRate} >= 0 AND ${t.creditRate} <= 10000`),
  ],
);

/** A required reference to a chat whose rows go with the chat (on delete cascade). */
export const chatRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => chats.id, { onDelete: 'cascade' });

/** One row per person per chat: their list position, unread count, flags and what they spent. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: chatRef('chat_id'),
    userId: userRef('user_id'),
    otherId: userRef('other_id'),
    unread: zeroInt('unread'),
    unreadTip: flag('unread_tip'),
    favorite: flag('favorite'),
    hidden: flag('hidden'),
    /** Set by "delete": the chat leaves the list and older messages stay out of this person's view. */
    clearedBefore: bigintNumber('cleared_before'),
    /** This person refuses media from the other one in this chat. */
    mediaBlocked: flag('media_blocked'),
    mediaBlockedAt: timestamptz('media_blocked_at'),
    /** Credits the other person has spent in this chat: the basis of the fans and vip filters. */
    spentByOther: bigintNumber('spent_by_other').notNull().default(0),
    /** A creator's own VIP choice for the other person; null follows spending (migration 0036). */
    vip: boolean('vip'),
    /** Sort key of the list; copied from the chat so the list is one index scan. */
    lastMessageAt: timestamptz('last_message_at'),
    lastFromOther: flag('last_from_other'),
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => {
    // The chat list's order (user, newest message, chat) over the rows it shows, once in all and once
    // per tab predicate of src/chats/chat-filters.ts, so every tab reads a page off its own index.
    const shown = sql`${t.listed} AND NOT ${t.hidden}`;
    const listIndex = (name: string, tab?: SQL) =>
      index(name)
        .on(t.userId, t.lastMessageAt.desc().nullsLast(), t.chatId)
        .where(tab ? sql`${shown} AND ${tab}` : shown);
    return [
      primaryKey({ columns: [t.userId, t.chatId] }),
      uniqueIndex('chat_members_pair_key').on(t.userId, t.otherId),
      listIndex('chat_members_list_idx'),
      listIndex('chat_members_favorites_idx', sql`${t.favorite}`),
      listIndex('chat_members_fans_idx', sql`${t.spentByOther} > 0`),
      listIndex('chat_members_vip_idx', sql`coalesce(${t.vip}, ${t.spentByOther} >= 1000)`),
      index('chat_members_top_idx')
        .on(t.userId, t.spentByOther.desc(), t.chatId)
        .where(sql`${shown} AND ${t.spentByOther} > 0`),
      listIndex('chat_members_unreplied_idx', sql`${t.lastFromOther}`),
      listIndex('chat_members_sent_idx', sql`${t.lastMessageAt} IS NOT NULL AND NOT ${t.lastFromOther}`),
      // The Hidden tab: the hidden rows in list order (the other tabs' indexes leave them out).
      index('chat_members_hidden_idx')
        .on(t.userId, t.lastMessageAt.desc().nullsLast(), t.chatId)
        .where(sql`${t.listed} AND ${t.hidden}`),
      // The primary key leads with user_id; lookups by chat (the other member of a page of chats, both
      // members of one chat) would otherwise scan the whole table.
      index('chat_members_chat_idx').on(t.chatId),
      check('chat_members_unread_not_negative', sql`${t.unread} >= 0`),
    ];
  },
);

/** User-level blocks: the blocked person can neither open a chat nor message the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/**
 * A report on a person (migration 0043): its reason from the list, the reporter's note (`reason`,
 * possibly empty), evidence copied when it was made, and where staff stand with it.
 */
export const reports = pgTable('reports', {
  id: uuidPrimaryKey(),
  reporterId: userRef('reporter_id'),
  reportedId: userRef('reported_id'),
  reason: text('reason').notNull(),
  category: text('category', { enum: reportCategories }).notNull().default('other'),
  chatId: uuid('chat_id'),
  postId: uuid('post_id'),
  evidence: jsonb('evidence').$type<ReportEvidence[]>().notNull().default([]),
  status: text('status', { enum: reportStatuses }).notNull().default('open'),
  assignedTo: uuid('assigned_to').references(() => users.id),
  resolution: text('resolution'),
  resolutionNote: text('resolution_note'),
  resolvedAt: timestamptz('resolved_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type ReportRow = typeof reports.$inferSelect;

/** A creator's private notes on a chat; the other person never sees them. */
export const notes = pgTable(
  'notes',
  {
    id: uuidPrimaryKey(),
    chatId: chatRef('chat_id'),
    authorId: userRef('author_id'),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('notes_chat_author_idx').on(t.chatId, t.authorId)],
);

/** Per-user unread totals, kept on every write so badges never scan messages. */
export const userCounters = pgTable(
  'user_counters',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: zeroInt('unread'),
    unreadFavorites: zeroInt('unread_favorites'),
  },
  (t) => [check('user_counters_not_negative', sql`${t.unread} >= 0 AND ${t.unreadFavorites} >= 0`)],
);

/**
 * Per-user chat-list tab totals, kept exact by statement triggers on chat_members and on users'
 * presence (migration 0011); `recent` and creators online are counted at read time.
 */
export const chatTabCounts = pgTable('chat_tab_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  allChats: zeroInt('all_chats'),
  fans: zeroInt('fans'),
  favorites: zeroInt('favorites'),
  unreplied: zeroInt('unreplied'),
  vip: zeroInt('vip'),
  sent: zeroInt('sent'),
  /** Partners online now who are not creators (creators online are counted at read time). */
  onlineFans: zeroInt('online_fans'),
});
