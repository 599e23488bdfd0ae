import { publicPagePath, type ReferralsPage } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { UserRow } from '../db/schema';
import { REFERRAL_MONTHS, REFERRAL_PERCENT } from './rules';

interface ReferralRow {
  id: string;
  username: string | null;
  avatar_url: string | null;
  created_at: Date | string;
  earns_until: Date | string;
  earned: string;
}

/**
 * `GET /v1/users/referrals`: the creators who signed up with this creator's code, newest first, with
 * what each has earned them (the `referral` entries on the referrer's earnings naming them).
 */
export async function listReferrals(
  db: Db,
  me: UserRow,
  publicUrl: string,
  q: { limit: number; offset: number },
): Promise<ReferralsPage> {
  const referralEntries = sql`
    select le.amount, lt.reference->>'referred_id' as referred_id
    from ledger_accounts la
    join ledger_entries le on le.account_id = la.id
    join ledger_transactions lt on lt.id = le.transaction_id
    where la.owner_id = ${me.id} and la.kind = 'earnings' and lt.kind = 'referral'`;
  const [rows, [total]] = await Promise.all([
    db.execute(sql`
      select u.id, u.username, u.avatar_url, u.created_at,
        u.created_at + make_interval(months => ${REFERRAL_MONTHS}) as earns_until,
        coalesce((select sum(r.amount) from (${referralEntries}) r where r.referred_id = u.id::text), 0)::bigint
          as earned
      from users u
      where u.referrer_id = ${me.id} and u.type = 'featured'
      order by u.created_at desc, u.id desc
      limit ${q.limit + 1} offset ${q.offset}`),
    db
      .execute(sql`select coalesce(sum(amount), 0)::bigint as earned from (${referralEntries}) r`)
      .then((r) => rowsOf<{ earned: string }>(r)),
  ]);
  const page = rowsOf<ReferralRow>(rows);
  const next =
    page.length > q.limit ? `/v1/users/referrals?limit=${q.limit}&offset=${q.offset + q.limit}` : null;
  return {
    data: page.slice(0, q.limit).map((r) => ({
      _id: r.id,
      username: r.username ?? '',
      avatar: r.avatar_url,
      joined_at: new Date(r.created_at).toISOString(),
      earns_until: new Date(r.earns_until).toISOString(),
      earned: Number(r.earned),
    })),
    next,
    code: me.username ?? '',
    link: `${publicUrl}${publicPagePath(me.username ?? '')}?code=${encodeURIComponent(me.username ?? '')}`,
    share_percent: REFERRAL_PERCENT,
    months: REFERRAL_MONTHS,
    total_earned: Number(total?.earned ?? 0),
  };
}
