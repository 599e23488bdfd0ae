import type { ErrorCode } from '@cove/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { writeIntroStarted } from '../messages/intro';
import { type EventDeps, withEvents } from '../realtime/with-events';
import type { Tx } from '../db/transaction';
import { chatMembers, chats, type UserRow, users } from '../db/schema';
import { fail } from '../errors';
import { chatBetween, type ChatRow, isBlockedEitherWay, userRow } from './chat-store';
import { assertPairAllowed, cannotChat, fanOf } from './pair-rules';

/** Free chats a fan who never bought credits may open (docs/rules.md). */
export const FREE_CHAT_LIMIT = 3;
/** Intro chats a fan may have open at once (docs/rules.md). */
export const INTRO_LIMIT = 3;

/** What opening a chat may be refused with: the pair rules, blocks and the free-chat limit. */
export const openChatCodes = [
  'user_not_found',
  'own_chat',
  'gone',
  'frozen',
  'chat_refused',
  'free_chat_limit',
] as const satisfies readonly ErrorCode[];

export const freeChatLimitError = () => fail('free_chat_limit');

async function freeChatsOf(db: Db, fanId: string): Promise<number> {
  return db.$count(
    chatMembers,
    and(
      eq(chatMembers.userId, fanId),
      sql`exists (select 1 from ${chats} c join ${users} o on o.id = ${chatMembers.otherId}
        where c.id = ${chatMembers.chatId} and c.credit_rate = 0 and o.type = 'featured')`,
    ),
  );
}

/** Whether a fan may start one more intro chat: fewer than INTRO_LIMIT intros still running. */
export async function canIntro(db: Db, fanId: string): Promise<boolean> {
  const open = await db.$count(
    chatMembers,
    and(
      eq(chatMembers.userId, fanId),
      sql`exists (select 1 from ${chats} c where c.id = ${chatMembers.chatId} and c.is_intro and not c.intro_ended)`,
    ),
  );
  return open < INTRO_LIMIT;
}

export async function otherUser(db: Db, id: string): Promise<UserRow> {
  const other = await userRow(db, id);
  if (!other) throw fail('user_not_found');
  return other;
}

/**
 * Writes a new chat between `me` and another user with both members (listed for `me`; for the other
 * once a message comes), or null when the pair already has one.
 */
export async function insertChat(
  tx: Tx,
  meId: string,
  otherId: string,
  values: { creditRate: number; isIntro: boolean },
): Promise<ChatRow | null> {
  const [low, high] = meId < otherId ? [meId, otherId] : [otherId, meId];
  const [row] = await tx
    .insert(chats)
    .values({ userLow: low, userHigh: high, ...values })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx.insert(chatMembers).values([
    { chatId: row.id, userId: meId, otherId },
    { chatId: row.id, userId: otherId, otherId: meId, listed: false },
  ]);
  return row;
}

/**
 * Opens the chat between `me` and another user, or returns the one they already share. A new
 * chat takes the creator's current rate; see docs/rules.md for the pair, free-chat and intro rules.
 * An intro tells both members so in the chat as it opens.
 */
export async function openChat(
  deps: EventDeps,
  me: UserRow,
  other: UserRow,
): Promise<{ chat: ChatRow; created: boolean }> {
  const { db } = deps;
  assertPairAllowed(me, other);
  const existing = await chatBetween(db, me.id, other.id);
  if (existing) {
    await db
      .update(chatMembers)
      .set({ listed: true, hidden: false })
      .where(and(eq(chatMembers.chatId, existing.id), eq(chatMembers.userId, me.id)));
    return { chat: existing, created: false };
  }
  if (await isBlockedEitherWay(db, me.id, other.id)) throw cannotChat();

  const fan = fanOf(me, other);
  const creator = fan ? (fan.id === me.id ? other : me) : null;
  const rate = fan && creator && !creator.features.force_free_chats ? creator.creditRate : 0;
  if (fan && rate === 0 && !fan.isCustomer && (await freeChatsOf(db, fan.id)) >= FREE_CHAT_LIMIT) {
    throw freeChatLimitError();
  }
  const isIntro = Boolean(fan && creator?.introEnabled && rate > 0 && (await canIntro(db, fan.id)));

  const chat = await withEvents(deps, async (tx, emit) => {
    const row = await insertChat(tx, me.id, other.id, { creditRate: rate, isIntro });
    if (row && isIntro && fan && creator) await writeIntroStarted(tx, emit, row, fan.id, creator.id);
    return row;
  });
  // Someone else opened the same chat a moment earlier: theirs is the chat.
  if (!chat) return { chat: (await chatBetween(db, me.id, other.id)) as ChatRow, created: false };
  return { chat, created: true };
}
