import {
  type HistoryKind,
  type HistoryReceipt,
  type HistoryRow,
  offerLabel,
  type PeriodOfferReference,
} from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Queryable } from '../db/transaction';
import { fail } from '../errors';
import { rowKindSql } from './row-kinds';

/** What to read: the caller's rows of some kinds, within days (UTC, both ends included). */
export interface HistoryScope {
  kinds?: HistoryKind[];
  from?: string;
  to?: string;
}

export const historyCodes = ['history_range'] as const;
export const receiptCodes = ['receipt_not_found'] as const;

interface Read {
  id: string;
  seq: string;
  reason: string;
  row_kind: HistoryKind;
  created_at: string;
  amount: string;
  debt_change: string;
  balance_after: string;
  revoked: boolean;
  creator_id: string | null;
  creator_name: string | null;
  chat_id: string | null;
  message_id: string | null;
  post_id: string | null;
  offer: PeriodOfferReference | null;
  payment_id: string | null;
  method: 'card' | 'crypto' | null;
  card_brand: string | null;
  card_last4: string | null;
  price: number | null;
  credits: number | null;
  bonus: number | null;
  payment_status: NonNullable<HistoryRow['payment']>['status'] | null;
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** A reference's key as a uuid, or null: a reference is free-form, so nothing is cast unchecked. */
const refUuid = (key: string) =>
  sql.raw(`(case when r.reference->>'${key}' ~ '${UUID}' then (r.reference->>'${key}')::uuid end)`);

/**
 * The caller's ledger transactions that moved their credits or debt, in the order they were written
 * (`created_at`, then `seq` for those of one database transaction, which share it), with the running
 * balance of their credits (over every row, so a filtered page still shows the true balance after
 * each), then
 * the page asked for joined to what each was for. Nobody else's row can come out: the rows start from
 * the caller's own accounts.
 */
async function readRows(db: Queryable, userId: string, where: SQL[], limit: number | null): Promise<Read[]> {
  const filter = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const rows = rowsOf<Read>(
    await db.execute(sql`
      with moves as (
        select t.id, t.seq, t.kind as reason, t.reference, t.created_at,
          coalesce(sum(e.amount) filter (where a.kind = 'credits'), 0)::bigint as amount,
          coalesce(sum(e.amount) filter (where a.kind = 'debt'), 0)::bigint as debt_change
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        where a.owner_id = ${userId} and a.kind in ('credits', 'debt')
        group by t.id
      ), running as (
        select m.*, sum(m.amount) over (order by m.created_at, m.seq)::bigint as balance_after,
          ${rowKindSql(sql`m.reason`, sql`m.reference`)} as row_kind
        from moves m
      ), r as (
        select * from running ${filter} order by created_at desc, seq desc ${limit === null ? sql`` : sql`limit ${limit}`}
      )
      select r.id, r.seq, r.reason, r.row_kind,
        to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, r.amount, r.debt_change, r.balance_after,
        exists (select 1 from ledger_transactions rv
          where rv.idempotency_key = 'purchase_revoked:' || r.id::text
            or (rv.idempotency_key = 'subscription_refund:' || r.id::text
              and rv.reference->>'reason' = 'chargeback')) as revoked,
        u.id as creator_id, u.username as creator_name,
        coalesce(msg.chat_id::text, r.reference->>'chat_id') as chat_id,
        msg.id::text as message_id, fp.id::text as post_id, r.reference->'offer' as offer,
        p.id as payment_id, p.method, p.card_brand, p.card_last4, p.amount as price, p.credits, p.bonus,
        p.status as payment_status
      from r
      left join payments p on p.id = ${refUuid('payment_id')} and p.user_id = ${userId}
      left join messages msg on msg.id = (case when r.reference->>'message_id' ~ '^[0-9]{1,18}$'
        then (r.reference->>'message_id')::bigint end)
      left join feed_posts fp on fp.id = ${refUuid('post_id')}
      left join subscriptions s on s.id = ${refUuid('subscription_id')}
      left join users u on u.id = coalesce(fp.creator_id, s.creator_id,
        case when msg.sender_id = ${userId} then msg.recipient_id else msg.sender_id end)
      order by r.created_at desc, r.seq desc`),
  );
  return rows;
}

function toRow(r: Read): HistoryRow {
  return {
    _id: r.id,
    seq: Number(r.seq),
    kind: r.row_kind,
    reason: r.reason,
    created_at: r.created_at,
    amount: Number(r.amount),
    balance_after: Number(r.balance_after),
    debt_change: Number(r.debt_change),
    creator: r.creator_id ? { _id: r.creator_id, username: r.creator_name } : null,
    chat_id: r.chat_id,
    message_id: r.message_id,
    post_id: r.post_id,
    offer: r.offer ? offerLabel(r.offer) : null,
    payment:
      r.payment_id && r.method && r.payment_status
        ? {
            _id: r.payment_id,
            method: r.method,
            card_brand: r.card_brand,
            card_last4: r.card_last4,
            price: r.price ?? 0,
            credits: r.credits ?? 0,
            bonus: r.bonus ?? 0,
            status: r.payment_status,
          }
        : null,
  };
}

/** The days a scope covers as SQL conditions on `created_at`, in UTC. */
function scopeWhere(scope: HistoryScope): SQL[] {
  if (scope.from && scope.to && scope.from > scope.to) throw fail('history_range');
  const where: SQL[] = [];
  if (scope.kinds && scope.kinds.length > 0) where.push(sql`row_kind in ${scope.kinds}`);
  if (scope.from) where.push(sql`created_at >= (${scope.from}::date)::timestamp at time zone 'UTC'`);
  if (scope.to) where.push(sql`created_at < (${scope.to}::date + 1)::timestamp at time zone 'UTC'`);
  return where;
}

/** One page of the history, newest first, after the row whose `seq` is `before`. */
export async function historyPage(
  db: Queryable,
  userId: string,
  scope: HistoryScope,
  page: { limit: number; before?: number },
): Promise<{ rows: HistoryRow[]; more: boolean }> {
  const where = scopeWhere(scope);
  if (page.before !== undefined)
    where.push(
      sql`(created_at, seq) < (select created_at, seq from ledger_transactions where seq = ${page.before})`,
    );
  const rows = await readRows(db, userId, where, page.limit + 1);
  return { rows: rows.slice(0, page.limit).map(toRow), more: rows.length > page.limit };
}

/** Every row of a scope, newest first, up to `most` (the CSV export); null when there are more. */
export async function historyRange(
  db: Queryable,
  userId: string,
  scope: HistoryScope,
  most: number,
): Promise<HistoryRow[] | null> {
  const rows = await readRows(db, userId, scopeWhere(scope), most + 1);
  return rows.length > most ? null : rows.map(toRow);
}

function statusOf(r: Read): HistoryReceipt['status'] {
  if (r.revoked) return 'reversed';
  if (r.row_kind === 'credit_purchase' && r.payment_status) {
    if (r.payment_status === 'refunded' || r.payment_status === 'charged_back') return r.payment_status;
    if (r.payment_status === 'pending') return 'pending';
  }
  return 'completed';
}

/** `GET /v1/history/{id}`: one of the caller's rows as a receipt; anyone else's id is not found. */
export async function receipt(
  db: Queryable,
  me: { id: string; username: string | null },
  id: string,
): Promise<HistoryReceipt> {
  const [r] = await readRows(db, me.id, [sql`id = ${id}`], 1);
  if (!r) throw fail('receipt_not_found');
  return { ...toRow(r), payer: { _id: me.id, username: me.username }, status: statusOf(r) };
}
