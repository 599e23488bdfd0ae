import type { ChatFilter } from '@cove/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { isUuid } from '../ids';
import { chatMembers, userCounters, users } from '../db/schema';
import { markRead } from '../messages/read';
import { appendEvent } from '../realtime/event-log';
import type { MemberRow } from './chat-store';
import { tabSql } from './list-chats';

export type ChatAction = 'read' | 'delete' | 'hide' | 'favorite' | 'remove_favorite';

export interface Selection {
  ids?: string[] | undefined;
  exceptIds?: string[] | undefined;
  type: ChatFilter;
}

/** The caller's own chats named by ids, or every chat in the tab but the excepted ones. Never anyone else's. */
async function selectedMembers(db: Db, userId: string, s: Selection): Promise<MemberRow[]> {
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
  return db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, chatIds)));
}

/**
 * One bulk edit of the chat list, in one transaction. Favorites move unread counts between the
 * totals; delete also hides every earlier message from this member's view.
 */
export async function bulkUpdate(
  db: Db,
  userId: string,
  action: ChatAction,
  s: Selection,
): Promise<{ updated: number; notify: string[] }> {
  const members = await selectedMembers(db, userId, s);
  if (members.length === 0) return { updated: 0, notify: [] };
  const ids = members.map((m) => m.chatId);
  const mine = and(eq(chatMembers.userId, userId), inArray(chatMembers.chatId, ids));
  const notify = await db.transaction(async (tx): Promise<string[]> => {
    switch (action) {
      case 'read':
        return markRead(tx, userId, members);
      case 'favorite':
      case 'remove_favorite': {
        const favorite = action === 'favorite';
        const moving = members.filter((m) => m.favorite !== favorite).reduce((n, m) => n + m.unread, 0);
        await tx.update(chatMembers).set({ favorite }).where(mine);
        if (moving > 0) {
          const delta = favorite ? moving : -moving;
          await tx
            .update(userCounters)
            .set({ unreadFavorites: sql`greatest(${userCounters.unreadFavorites} + ${delta}, 0)` })
            .where(eq(userCounters.userId, userId));
        }
        if (favorite) await tx.update(users).set({ hasFavorites: true }).where(eq(users.id, userId));
        break;
      }
      case 'hide':
        await tx.update(chatMembers).set({ hidden: true }).where(mine);
        break;
      case 'delete': {
        await markRead(tx, userId, members);
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
    for (const id of ids) await appendEvent(tx, userId, { type: 'chat_updated', chat_id: id });
    return [userId];
  });
  return { updated: members.length, notify: [...new Set([userId, ...notify])] };
}
