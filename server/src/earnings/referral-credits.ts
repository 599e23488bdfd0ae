import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { postMovement } from '../ledger/ledger';
import { type EventDeps, withEvents } from '../realtime/with-events';
import { kindIn } from './earnings-sql';
import { REFERRAL_MONTHS, REFERRAL_PERCENT, saleKinds } from './rules';

const DAY_MS = 86_400_000;
/** A day counts as ended this long after midnight UTC: a sale's time is its transaction's start. */
const CLOSE_GRACE_MS = 10 * 60_000;
/** How far back a run looks for days not yet credited (a job that was down catches up this far). */
const LOOKBACK_DAYS = 31;

interface DayEarned {
  referrer_id: string;
  referred_id: string;
  day: string;
  earned: string;
}

/** The key that makes a (referrer, referred creator, day) credit happen once. */
export const referralKey = (referrerId: string, referredId: string, day: string) =>
  `referral:${referrerId}:${referredId}:${day}`;

/**
 * The referral job (docs/rules.md, Referrals): for each ended UTC day within a referred creator's
 * first 12 months, their referrer earns 5% of that day's sales earnings, rounded down, from the
 * platform's revenue. Each credit has its own idempotency key, so runs that overlap or repeat credit a
 * day once; the referrer hears `earnings_updated` with each. Returns how many credits it made.
 */
export async function creditReferrals(deps: EventDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const closed = now.getTime() - CLOSE_GRACE_MS;
  const dayStart = new Date(closed - (closed % DAY_MS));
  const since = new Date(dayStart.getTime() - LOOKBACK_DAYS * DAY_MS);
  const period = sql`make_interval(months => ${REFERRAL_MONTHS})`;
  const days = rowsOf<DayEarned>(
    await db.execute(sql`
      select u.referrer_id, u.id as referred_id,
        to_char(lt.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(le.amount)::bigint as earned
      from users u
      join users r on r.id = u.referrer_id and r.type = 'featured'
      join ledger_accounts la on la.owner_id = u.id and la.kind = 'earnings'
      join ledger_entries le on le.account_id = la.id
      join ledger_transactions lt on lt.id = le.transaction_id
      where u.referrer_id is not null and u.created_at + ${period} > ${since}
        and ${kindIn(sql`lt.kind`, saleKinds)}
        and lt.created_at >= greatest(u.created_at, ${since})
        and lt.created_at < least(u.created_at + ${period}, ${dayStart})
      group by 1, 2, 3`),
  );
  let made = 0;
  for (const d of days) {
    const share = Math.floor((Number(d.earned) * REFERRAL_PERCENT) / 100);
    if (share <= 0) continue;
    const { created } = await withEvents(deps, async (tx, emit) => {
      const movement = await postMovement(tx, {
        kind: 'referral',
        reference: { referred_id: d.referred_id, day: d.day },
        idempotencyKey: referralKey(d.referrer_id, d.referred_id, d.day),
        entries: [
          { account: { owner: null, kind: 'platform_revenue' }, amount: -share },
          { account: { owner: d.referrer_id, kind: 'earnings' }, amount: share },
        ],
      });
      if (movement.created) emit(d.referrer_id, { type: 'earnings_updated' });
      return movement;
    });
    if (created) made++;
  }
  return made;
}
