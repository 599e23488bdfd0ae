import type { ChatAction, ChatFilter } from '@cove/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { isUuid } from '../ids';
import { chatMembers, userCounters, users } from '../db/schema';
import { markRead } from '../messages/read';
import { unreadMessagesEvent } from './unread-event';
import { withEvents, type EventDeps } from '../realtime/with-events';
import { tabSql } from './list-chats';

export interface Selection {
  ids?: string[] | undefined;
  exceptIds?: string[] | undefined;
  type: ChatFilter;
}

/** The caller's own chats named by ids, or every chat in the tab but the excepted ones. Never anyone else's. */
async function selectedChats(db: Db, userId: string, s: Selection): Promise<string[]> {
  let chatIds: string[];
  if (s.ids) chatIds = s.ids.filter(isUuid);
  else {
    const except = (s.exceptIds ?? []).filter(isUuid);
    const rows = rowsOf<{ chat_id: string }>(
      await db.execute(sql`select m.chat_id ${tabSql(userId, s.type)}`),
    );
    chatIds = rows.map((r) => r.chat_id).filter((id) => !except.includes(id));
  }
  if (chatIds.length === 0) return [];
  const rows = await db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, chatIds)));
  return rows.map((r) => r.chatId);
}

/**
 * One bulk edit of the chat list, in one transaction. Favorites move unread counts between the
 * totals; delete also hides every earlier message from this member's view.
 */
export async function bulkUpdate(
  deps: EventDeps,
  userId: string,
  action: ChatAction,
  s: Selection,
): Promise<{ updated: number }> {
  const ids = await selectedChats(deps.db, userId, s);
  if (ids.length === 0) return { updated: 0 };
  const mine = and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, ids));
  await withEvents(deps, async (tx, emit) => {
    // The caller's user row first, as sends take it: favourites update it after the member rows,
    // and taking it last made crossing sends and edits deadlock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    // Read again under that lock: a send that committed since the selection moved their counts.
    const members = await tx.select().from(chatMembers).where(mine);
    switch (action) {
      case 'read':
        // markRead tells both sides what changed (unread counts, receipts); no chat_updated.
        await markRead(tx, emit, userId, members);
        return;
      case 'favorite':
      case 'remove_favorite': {
        const favorite = action === 'favorite';
        const moving = members.filter((m) => m.favorite !== favorite).reduce((n, m) => n + m.unread, 0);
        await tx.update(chatMembers).set({ favorite }).where(mine);
        if (moving > 0) {
          const delta = favorite ? moving : -moving;
          const [counters] = await tx
            .update(userCounters)
            .set({ unreadFavorites: sql`greatest(${userCounters.unreadFavorites} + ${delta}, 0)` })
            .where(eq(userCounters.userId, userId))
            .returning();
          // The favourites total moved: every tab and device shows the new one.
          emit(userId, unreadMessagesEvent(counters));
        }
        if (favorite) await tx.update(users).set({ hasFavorites: true }).where(eq(users.id, userId));
        break;
      }
      case 'hide':
      case 'unhide':
        await tx
          .update(chatMembers)
          .set({ hidden: action === 'hide' })
          .where(mine);
        break;
      case 'delete': {
        await markRead(tx, emit, userId, members);
        await tx
          .update(chatMembers)
          .set({
            listed: false,
            clearedBefore: sql`(select coalesce(max(id), 0) + 1 from messages where chat_id = ${chatMembers.chatId})`,
          })
          .where(mine);
        break;
      }
    }
    for (const id of ids) emit(userId, { type: 'chat_updated', chat_id: id });
  });
  return { updated: ids.length };
}
