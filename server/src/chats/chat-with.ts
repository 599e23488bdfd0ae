import type { ErrorCode } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type { AutoMessageTriggers } from '../auto-messages/plugin';
import type { Db } from '../db/client';
import { chatMembers, type UserRow } from '../db/schema';
import { fail } from '../errors';
import { toChatUser } from './chat-dto';
import { chatBetween, chatDtos, chatNotFound } from './chat-store';
import { otherUser } from './open-chat';
import { fanOf, isGone } from './pair-rules';

/** What reading the chat with one person may be refused with. */
export const chatWithCodes = ['user_not_found', 'not_found', 'gone'] as const satisfies readonly ErrorCode[];

interface ChatWithDeps {
  db: Db;
  autoMessages: Pick<AutoMessageTriggers, 'opened' | 'wake'>;
}

/**
 * The chat with one person, put back on the caller's list (a hidden chat stays hidden: it is opened
 * from the Hidden tab or a search, and unhidden only on purpose). A fan opening it is the welcome trigger
 * (docs/rules.md, "Auto-messages"): whoever made the chat, a fan who has not written in it yet is
 * greeted, once.
 */
export async function chatWith({ db, autoMessages }: ChatWithDeps, me: UserRow, otherId: string) {
  const other = await otherUser(db, otherId);
  const chat = await chatBetween(db, me.id, other.id);
  if (!chat) throw chatNotFound();
  if (isGone(other)) throw fail('gone');
  const greeted = fanOf(me, other)?.id === me.id;
  // Back on the list and, for a fan, the welcome trigger's job: one commit.
  const { member, queued } = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(chatMembers)
      .set({ listed: true })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, me.id)))
      .returning();
    if (!row) throw chatNotFound();
    return { member: row, queued: greeted && (await autoMessages.opened(tx, other.id, me.id, chat.id)) };
  });
  if (queued) autoMessages.wake();
  const {
    data: [data],
  } = await chatDtos(db, me.id, [member]);
  if (!data) throw chatNotFound();
  return { data, user: toChatUser(other) };
}
