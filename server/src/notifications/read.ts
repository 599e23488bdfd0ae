import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/transaction';
import { notifications } from '../db/schema';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';

/** A person's unread records in all: the bell's number. */
export async function unreadNotifications(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks records read (those given, or all) and tells every device of the person the new count. */
async function markIn(tx: Tx, emit: Emit, userId: string, ids: string[] | 'all'): Promise<number> {
  const changed = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  const unread = await unreadNotifications(tx, userId);
  if (changed.length > 0) emit(userId, { type: 'notifications_read', unread });
  return unread;
}

/**
 * `POST /v1/notifications/read`: the records named must all be the caller's (any other id is a 404
 * and nothing changes); records already read stay as they were. Answers the unread count.
 */
export async function markNotificationsRead(
  deps: EventDeps,
  userId: string,
  body: { ids: string[] } | { all: true },
): Promise<number> {
  const ids = 'ids' in body ? [...new Set(body.ids)] : 'all';
  return withEvents(deps, async (tx, emit) => {
    if (ids !== 'all') {
      if (!ids.every(isUuid)) throw fail('not_found', 'Notification');
      const [owned] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
      if ((owned?.n ?? 0) !== ids.length) throw fail('not_found', 'Notification');
    }
    return markIn(tx, emit, userId, ids);
  });
}

/** Reading chats reads their gathered message records, in the read's transaction. */
export async function readChatNotifications(
  tx: Tx,
  emit: Emit,
  userId: string,
  chatIds: string[],
): Promise<void> {
  const open = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, 'message'),
        inArray(notifications.chatId, chatIds),
        isNull(notifications.readAt),
      ),
    );
  if (open.length > 0)
    await markIn(
      tx,
      emit,
      userId,
      open.map((r) => r.id),
    );
}
