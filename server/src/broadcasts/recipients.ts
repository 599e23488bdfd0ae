import { sql } from 'drizzle-orm';
import type * as z from 'zod';
import type { broadcastRecipientsQuery } from '@cove/contracts';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { idListOf, targetsSql } from './targets';

/** How many chats a broadcast would reach now (the composer's count). */
export async function countRecipients(
  db: Db,
  creatorId: string,
  q: z.output<typeof broadcastRecipientsQuery>,
): Promise<{ count: number }> {
  const targets = targetsSql(
    creatorId,
    { category: q.category, ids: idListOf(q.ids), exceptIds: idListOf(q.except_ids) },
    'text',
  );
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from (${targets}) t`),
  );
  return { count: row?.count ?? 0 };
}
