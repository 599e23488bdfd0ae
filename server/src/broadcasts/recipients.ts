import { sql } from 'drizzle-orm';
import type * as z from '../zod';
import type { broadcastRecipientsQuery } from '@cove/contracts';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { ownList } from '../fans/fan-lists';
import { rowsOf } from '../db/rows';
import { idListOf, targetsSql } from './targets';

/** How many chats a broadcast would reach now (the composer's count); a list must be one of hers. */
export async function countRecipients(
  db: Db,
  me: UserRow,
  q: z.output<typeof broadcastRecipientsQuery>,
): Promise<{ count: number }> {
  const listId = q.list_id === undefined ? null : (await ownList(db, me, q.list_id)).id;
  const targets = targetsSql(
    me.id,
    { category: q.category, ids: idListOf(q.ids), exceptIds: idListOf(q.except_ids), listId },
    'text',
  );
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from (${targets}) t`),
  );
  return { count: row?.count ?? 0 };
}
