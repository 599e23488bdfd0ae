import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { payouts } from '../db/schema';
import { toPayoutDto } from './payout-dto';

/** `GET /v1/account/payouts`: the creator's payouts, newest first, one page and the next page's path. */
export async function listPayouts(db: Db, creatorId: string, q: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.creatorId, creatorId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(q.limit + 1)
    .offset(q.offset);
  const next =
    rows.length > q.limit ? `/v1/account/payouts?limit=${q.limit}&offset=${q.offset + q.limit}` : null;
  return { data: rows.slice(0, q.limit).map(toPayoutDto), next };
}
