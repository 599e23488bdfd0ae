import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chatMembers, fanListMembers, type UserRow } from '../db/schema';
import { creatorChat } from './creator-chat';
import { ownList } from './fan-lists';

/** Puts the person of one of her chats on one of her lists; already there is no change. */
export async function addToList(db: Db, me: UserRow, listId: string, chatId: string): Promise<void> {
  await ownList(db, me, listId);
  const { fanId } = await creatorChat(db, me, chatId);
  await db.insert(fanListMembers).values({ listId, fanId }).onConflictDoNothing();
}

/** Takes the person of one of her chats off one of her lists; not there is no change. */
export async function removeFromList(db: Db, me: UserRow, listId: string, chatId: string): Promise<void> {
  await ownList(db, me, listId);
  const { fanId } = await creatorChat(db, me, chatId);
  await db
    .delete(fanListMembers)
    .where(and(eq(fanListMembers.listId, listId), eq(fanListMembers.fanId, fanId)));
}

/** Her own VIP choice for the person of her chat; it stands over his spending from then on. */
export async function setVip(db: Db, me: UserRow, chatId: string, vip: boolean): Promise<{ vip: boolean }> {
  await creatorChat(db, me, chatId);
  await db
    .update(chatMembers)
    .set({ vip })
    .where(and(eq(chatMembers.userId, me.id), eq(chatMembers.chatId, chatId)));
  return { vip };
}
