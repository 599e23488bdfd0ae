import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { rowsOf } from '../../src/db/rows';
import { balanceMismatches } from '../../src/ledger/ledger';

/**
 * The ledger's and the payments' invariants, checked straight in the database: each query lists what
 * breaks one of them, so an empty answer is a pass and a failure names the rows at fault.
 */

const rows = async <T>(db: Db, query: SQL) => rowsOf<T>(await db.execute(query));

/** pg-boss jobs of the sandbox's webhook queue that are still to be delivered. */
export async function webhooksLeft(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job
      where name = 'sandbox-webhooks' and state in ('created', 'retry', 'active')`,
  );
  return row?.n ?? 0;
}

/** Waits until every queued webhook was delivered (or ran out of tries). */
export async function webhooksSettled(db: Db, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while ((await webhooksLeft(db)) > 0) {
    if (Date.now() > until) {
      const left = await rows(
        db,
        sql`select state, retry_count, start_after, started_on, now() as now, output, data->'event'->>'type' as type
          from pgboss.job where name = 'sandbox-webhooks' and state in ('created', 'retry', 'active')`,
      );
      const activity = await rows(
        db,
        sql`select pid, state, wait_event_type, wait_event, now() - xact_start as xact_age, left(query, 200) as query
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      throw new Error(
        `webhooks still queued after ${ms} ms: ${JSON.stringify(left)}\nsessions: ${JSON.stringify(activity, null, 1)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Balances by owner and kind, each the sum of its entries (cached or not). */
export async function balances(db: Db): Promise<Map<string, number>> {
  const all = await rows<{ owner: string | null; kind: string; sum: number }>(
    db,
    sql`select a.owner_id as owner, a.kind, coalesce(sum(e.amount), 0)::int as sum
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id group by a.id`,
  );
  return new Map(all.map((r) => [`${r.owner ?? 'platform'}:${r.kind}`, r.sum]));
}

/** Everything that breaks an invariant, by invariant; every list is empty when the books are right. */
export async function ledgerViolations(db: Db) {
  return {
    unbalancedTransactions: await rows(
      db,
      sql`select transaction_id, sum(amount)::int as sum from ledger_entries
        group by transaction_id having sum(amount) <> 0 or count(*) < 2`,
    ),
    totalNotZero: await rows(
      db,
      sql`select sum(amount)::int as sum from ledger_entries having coalesce(sum(amount), 0) <> 0`,
    ),
    cachedBalanceMismatches: await balanceMismatches(db),
    creditsBelowZero: await rows(
      db,
      sql`select a.owner_id, a.balance::int as cached, coalesce(sum(e.amount), 0)::int as sum
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'credits' group by a.id having a.balance < 0 or coalesce(sum(e.amount), 0) < 0`,
    ),
    debtAboveZero: await rows(
      db,
      sql`select a.owner_id, coalesce(sum(e.amount), 0)::int as sum
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'debt' group by a.id having coalesce(sum(e.amount), 0) > 0`,
    ),
    // A payment that brought money has exactly one credit transaction, and one reversal once reversed;
    // one that did not has none.
    paymentTransactions: await rows<Record<string, unknown>>(
      db,
      sql`select p.id, p.status, p.transaction_id, p.reversal_transaction_id,
          (select count(*)::int from ledger_transactions t
            where t.kind = 'payment' and t.reference->>'payment_id' = p.id::text) as credited,
          (select count(*)::int from ledger_transactions t
            where t.kind in ('refund', 'chargeback') and t.reference->>'payment_id' = p.id::text) as reversed,
          (select t.kind from ledger_transactions t where t.id = p.transaction_id) as tx_kind,
          (select t.kind from ledger_transactions t where t.id = p.reversal_transaction_id) as reversal_kind
        from payments p`,
    ).then((all) =>
      all.filter((p) => {
        const paid = ['succeeded', 'refunded', 'charged_back'].includes(p.status as string);
        const back = p.status === 'refunded' ? 'refund' : p.status === 'charged_back' ? 'chargeback' : null;
        if (!paid) return p.transaction_id !== null || p.credited !== 0 || p.reversed !== 0;
        if (p.transaction_id === null || p.credited !== 1 || p.tx_kind !== 'payment') return true;
        if (back === null) return p.reversal_transaction_id !== null || p.reversed !== 0;
        return p.reversal_transaction_id === null || p.reversed !== 1 || p.reversal_kind !== back;
      }),
    ),
    // Every purchase is paid by a transaction of its own, that names it.
    purchasesWithoutTheirTransaction: await rows(
      db,
      sql`select p.message_id, p.buyer_id, t.kind, t.reference
        from purchases p left join ledger_transactions t on t.id = p.transaction_id
        where t.id is null or t.kind <> 'purchase' or t.reference->>'message_id' <> p.message_id::text
          or (select count(*) from purchases q where q.transaction_id = p.transaction_id) <> 1
          or (select coalesce(sum(-e.amount), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where e.transaction_id = t.id and a.owner_id = p.buyer_id and a.kind = 'credits') <> p.price`,
    ),
    // An unlock a payment did is a purchase that still exists, unless a chargeback took it back.
    unlocksWithoutPurchase: await rows(
      db,
      sql`select p.id, p.status, p.unlocked_message_id from payments p
        where p.unlocked_message_id is not null and p.status <> 'charged_back'
          and not exists (select 1 from purchases b
            where b.message_id = p.unlocked_message_id and b.buyer_id = p.user_id)`,
    ),
    // A payment's action is never left to do once it is decided.
    actionsLeft: await rows(
      db,
      sql`select id, status, action_status from payments
        where action_status = 'pending' and status <> 'succeeded'`,
    ),
  };
}

export type LedgerViolations = Awaited<ReturnType<typeof ledgerViolations>>;

export const noViolations: LedgerViolations = {
  unbalancedTransactions: [],
  totalNotZero: [],
  cachedBalanceMismatches: [],
  creditsBelowZero: [],
  debtAboveZero: [],
  paymentTransactions: [],
  purchasesWithoutTheirTransaction: [],
  unlocksWithoutPurchase: [],
  actionsLeft: [],
};
