import type { Notification, NotificationKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Tx } from '../db/transaction';
import type { Emit } from '../realtime/with-events';

/** What happened, as a record says it (see `notification` in shared/contracts). */
export interface NotificationInput {
  kind: NotificationKind;
  actorId?: string | null;
  amount?: number | null;
  chatId?: string | null;
  postId?: string | null;
  detail?: string | null;
  url: string;
}

/**
 * Records what happened for each of `userIds` who wants its kind, in the transaction that caused it
 * (`add_notification`, src/db/functions/notifications), and emits each record to its person. The
 * database functions of sends, tips and purchases call `add_notification` themselves.
 */
export async function addNotification(
  tx: Tx,
  emit: Emit,
  userIds: string[],
  n: NotificationInput,
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = rowsOf<{ user_id: string; payload: { notification: Notification } }>(
    await tx.execute(sql`select user_id, payload from add_notification(
      ${`{${userIds.join(',')}}`}::uuid[], ${n.kind}, ${n.actorId ?? null}::uuid, ${n.amount ?? null}::integer,
      ${n.chatId ?? null}::uuid, ${n.postId ?? null}::uuid, ${n.detail ?? null}, ${n.url})`),
  );
  for (const row of rows) emit(row.user_id, { type: 'notification', ...row.payload });
}
