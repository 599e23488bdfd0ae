import type { FanProfile, FanPurchaseKind } from '@cove/contracts';
import { sql } from 'drizzle-orm';
import { filterSql } from '../chats/chat-filters';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { UserRow } from '../db/schema';
import { liveSubscriptionSql } from '../subscriptions/live';
import { creatorChat } from './creator-chat';

/** Ledger transaction kinds that are a fan paying a creator, by what the panel calls them. */
const purchaseKinds: Record<string, FanPurchaseKind> = {
  message: 'message',
  purchase: 'unlock',
  tip: 'tip',
  subscription: 'subscription',
  feed_purchase: 'post',
};

interface Row {
  spent: string | null;
  last_kind: string | null;
  last_amount: string | null;
  last_at: Date | string | null;
  sub_since: Date | string | null;
  sub_renews: boolean | null;
  sub_end: Date | string | null;
  vip: boolean | null;
  list_ids: string[] | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * What a creator sees about the fan in her chat, in one statement. Money comes from the ledger: every
 * transaction that moved his credits and her earnings together is money between the two (messages,
 * unlocks, tips, subscription periods, post unlocks), and a refund is such a transaction moving back,
 * so the sum of his credits' entries in them, negated, is what he has spent with her net of refunds.
 */
export async function fanProfile(db: Db, me: UserRow, chatId: string): Promise<FanProfile> {
  const { fanId } = await creatorChat(db, me, chatId);
  const kinds = Object.keys(purchaseKinds);
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      with between_them as (
        select t.id, t.kind, t.created_at, -e.amount as amount
        from ledger_accounts fa
        join ledger_entries e on e.account_id = fa.id
        join ledger_transactions t on t.id = e.transaction_id
        where fa.owner_id = ${fanId} and fa.kind = 'credits'
          and exists (select 1 from ledger_entries c join ledger_accounts ca on ca.id = c.account_id
            where c.transaction_id = e.transaction_id and ca.owner_id = ${me.id} and ca.kind = 'earnings')),
      last_paid as (
        select kind, amount, created_at from between_them
        where amount > 0 and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by created_at desc, id desc limit 1),
      sub as (
        select s.created_at, s.status = 'active' as renews, s.current_period_end
        from subscriptions s
        where s.fan_id = ${fanId} and s.creator_id = ${me.id} and ${liveSubscriptionSql('s')})
      select (select sum(amount) from between_them) as spent,
        (select kind from last_paid) as last_kind, (select amount from last_paid) as last_amount,
        (select created_at from last_paid) as last_at,
        (select created_at from sub) as sub_since, (select renews from sub) as sub_renews,
        (select current_period_end from sub) as sub_end,
        (select ${filterSql.vip} from chat_members m join users o on o.id = m.other_id
          where m.user_id = ${me.id} and m.chat_id = ${chatId}) as vip,
        array(select l.id::text from fan_lists l join fan_list_members f on f.list_id = l.id
          where l.creator_id = ${me.id} and f.fan_id = ${fanId} order by l.created_at, l.id) as list_ids`),
  );
  const lastKind = row?.last_kind ? purchaseKinds[row.last_kind] : undefined;
  return {
    chat_id: chatId,
    fan_id: fanId,
    spent: Number(row?.spent ?? 0),
    subscription:
      row?.sub_since && row.sub_end
        ? { since: iso(row.sub_since), renews: row.sub_renews === true, period_end: iso(row.sub_end) }
        : null,
    last_purchase:
      lastKind && row?.last_at
        ? { kind: lastKind, amount: Number(row.last_amount ?? 0), at: iso(row.last_at) }
        : null,
    vip: row?.vip === true,
    list_ids: row?.list_ids ?? [],
  };
}
