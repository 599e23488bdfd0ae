import type { Notification, NotificationsPage } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { fail } from '../errors';
import { isUuid } from '../ids';
import { unreadNotifications } from './read';

/** What reading a page may be refused with: a `before` that is not one of the caller's records. */
export const notificationsCodes = ['not_found', 'validation'] as const;

/**
 * `GET /v1/notifications`: the caller's records, newest first, `limit` after the record `before` (a
 * keyset on `notifications_user_order_idx`), and their unread count.
 */
export async function notificationsPage(
  db: Db,
  userId: string,
  { before, limit }: { before?: string | undefined; limit: number },
): Promise<NotificationsPage> {
  if (before !== undefined && !isUuid(before)) throw fail('not_found', 'Notification');
  const after = before
    ? rowsOf<{ created_at: string }>(
        await db.execute(
          sql`select created_at::text from notifications where id = ${before} and user_id = ${userId}`,
        ),
      )[0]
    : undefined;
  if (before && !after) throw fail('not_found', 'Notification');
  const rows = rowsOf<{ n: Notification }>(
    await db.execute(sql`
      select notification_json(n) as n from notifications n
      where n.user_id = ${userId}
        ${after ? sql`and (n.created_at, n.id) < (${after.created_at}::timestamptz, ${before}::uuid)` : sql``}
      order by n.created_at desc, n.id desc
      limit ${limit + 1}`),
  );
  const data = rows.slice(0, limit).map((r) => r.n);
  const next = rows.length > limit ? (data.at(-1)?.id ?? null) : null;
  return { data, next, unread: await unreadNotifications(db, userId) };
}
