import type { AccountStats, EarningsDay, EarningsSource } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { earningsEntriesOf, kindIn } from './earnings-sql';
import { earningKinds, sourceOfKind } from './rules';

const DAY_MS = 86_400_000;

const emptySums = (): Record<EarningsSource, number> => ({
  messages: 0,
  ppv: 0,
  tips: 0,
  subscriptions: 0,
  referrals: 0,
  commissions: 0,
});

/** `GET /v1/account/stats?days=`: the last `days` UTC days up to today, every day present, per source. */
export async function accountStats(
  db: Db,
  userId: string,
  days: number,
  now = new Date(),
): Promise<AccountStats> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const rows = rowsOf<{ day: string; kind: string; amount: string }>(
    await db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind,
        sum(amount)::bigint as amount
      from (${earningsEntriesOf(userId)}) e
      where ${kindIn(sql`kind`, earningKinds)} and created_at >= ${start}
      group by 1, 2`),
  );
  const byDay = new Map<string, EarningsDay>();
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    byDay.set(date, { date, ...emptySums() });
  }
  const totals = emptySums();
  for (const r of rows) {
    const day = byDay.get(r.day);
    const source = sourceOfKind[r.kind];
    if (!day || !source) continue;
    day[source] += Number(r.amount);
    totals[source] += Number(r.amount);
  }
  return { data: [...byDay.values()], totals };
}
