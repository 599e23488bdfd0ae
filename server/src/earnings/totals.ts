import type { AccountTotals } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { earningsEntriesOf, kindIn } from './earnings-sql';
import { earningKinds, MINIMUM_PAYOUT } from './rules';
import type { Queryable } from '../db/transaction';

const DAY_MS = 86_400_000;

/** The earnings account's balance and what of it is still held, as a payout sees them. */
export interface Balance {
  /** Every entry: earnings, chargebacks, payouts and their returns. */
  balance: number;
  /**
   * Sales within the hold period, each net of its revocation: not yet payable. Other reversals and
   * payouts count at once.
   */
  held: number;
  lifetime: number;
  /** When the oldest held sale was made; null when nothing is held. */
  oldestHeld: Date | null;
}

export async function balanceOf(
  db: Queryable,
  userId: string,
  holdDays: number,
  now = new Date(),
): Promise<Balance> {
  const holdStart = new Date(now.getTime() - holdDays * DAY_MS);
  const earning = kindIn(sql`kind`, earningKinds);
  // Each sale made within the hold, net of its revocation: a held sale that was taken back is neither
  // pending nor available. What is left negative (taking back a sale older than the hold) counts at once.
  const [row] = rowsOf<{ balance: string; held: string; lifetime: string; oldest: Date | string | null }>(
    await db.execute(sql`
      with held as (
        select sum(amount) as amount, min(created_at) as sold_at
        from (${earningsEntriesOf(userId)}) e
        where ${earning} and created_at > ${holdStart}
        group by sale_id
        having sum(amount) > 0)
      select coalesce(sum(amount), 0)::bigint as balance,
        (select coalesce(sum(amount), 0) from held)::bigint as held,
        coalesce(sum(amount) filter (where ${earning}), 0)::bigint as lifetime,
        (select min(sold_at) from held) as oldest
      from (${earningsEntriesOf(userId)}) e`),
  );
  return {
    balance: Number(row?.balance ?? 0),
    held: Number(row?.held ?? 0),
    lifetime: Number(row?.lifetime ?? 0),
    oldestHeld: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** What a payout may take now (negative after a chargeback that came after a payout). */
export const availableOf = (b: Balance) => b.balance - b.held;

/** Completed payouts, and requested ones not yet completed (held for the AML form or being sent). */
async function payoutSums(db: Db, userId: string) {
  const [row] = rowsOf<{ paid_out: string; in_payout: string }>(
    await db.execute(sql`
      select coalesce(sum(amount) filter (where status = 'completed'), 0)::bigint as paid_out,
        coalesce(sum(amount) filter (where status in ('on_hold', 'pending')), 0)::bigint as in_payout
      from payouts where creator_id = ${userId}`),
  );
  return { paidOut: Number(row?.paid_out ?? 0), inPayout: Number(row?.in_payout ?? 0) };
}

/** `GET /v1/account/totals`. */
export async function accountTotals(
  db: Db,
  userId: string,
  holdDays: number,
  now = new Date(),
): Promise<AccountTotals> {
  const [b, p] = await Promise.all([balanceOf(db, userId, holdDays, now), payoutSums(db, userId)]);
  return {
    available: availableOf(b),
    pending: b.held,
    lifetime: b.lifetime,
    paid_out: p.paidOut,
    in_payout: p.inPayout,
    next_release_at: b.oldestHeld ? new Date(b.oldestHeld.getTime() + holdDays * DAY_MS).toISOString() : null,
    hold_days: holdDays,
    minimum_payout: MINIMUM_PAYOUT,
  };
}
