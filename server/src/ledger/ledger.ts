import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { isCheckViolation } from '../db/errors';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema';
import type { Queryable, Tx } from '../db/transaction';

export type UserAccountKind = 'credits' | 'earnings' | 'debt' | 'payout_clearing';
export type PlatformAccountKind =
  'platform_revenue' | 'promotions' | 'sales' | 'provider_clearing' | 'payouts_sent';
export type AccountRef =
  { owner: string; kind: UserAccountKind } | { owner: null; kind: PlatformAccountKind };

/** Anything that can run queries: the database or an open transaction. */

export interface Movement {
  kind: string;
  reference?: Record<string, unknown>;
  /** Makes a retried movement a no-op: the second attempt returns the first transaction. */
  idempotencyKey?: string;
  entries: { account: AccountRef; amount: number }[];
}

const refKey = (owner: string | null, kind: string) => `${owner ?? 'platform'}:${kind}`;

/** The accounts' ids in one lookup, opening users' accounts on first use. */
async function accountIds(tx: Queryable, refs: AccountRef[]): Promise<string[]> {
  const find = async () => {
    const rows = await tx
      .select({ id: ledgerAccounts.id, ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(
        or(
          ...refs.map((r) =>
            and(
              r.owner === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, r.owner),
              eq(ledgerAccounts.kind, r.kind),
            ),
          ),
        ),
      );
    return new Map(rows.map((r) => [refKey(r.ownerId, r.kind), r.id]));
  };
  let found = await find();
  const missing = refs.filter((r) => r.owner !== null && !found.has(refKey(r.owner, r.kind)));
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      // A fan's debt is negative by nature (see docs/rules.md, Chargeback).
      .values(missing.map((r) => ({ ownerId: r.owner, kind: r.kind, allowNegative: r.kind === 'debt' })))
      .onConflictDoNothing();
    found = await find();
  }
  return refs.map((r) => {
    const id = found.get(refKey(r.owner, r.kind));
    if (!id) throw new Error(`ledger account ${r.kind} is missing`);
    return id;
  });
}

/**
 * Records one balanced movement inside the caller's transaction. The database refuses a movement
 * that does not sum to zero or that takes a user's balance below zero (see src/db/functions/ledger).
 * Returns the transaction id, and whether it was new (false when the idempotency key was seen).
 */
export async function postMovement(tx: Tx, m: Movement): Promise<{ id: string; created: boolean }> {
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({ kind: m.kind, reference: m.reference ?? {}, idempotencyKey: m.idempotencyKey ?? null })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  const first = inserted[0];
  if (!first) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, m.idempotencyKey ?? ''));
    if (!existing) throw new Error('idempotent ledger transaction vanished');
    return { id: existing.id, created: false };
  }
  // Accounts are touched in a fixed order so concurrent movements cannot deadlock on them.
  // Zero amounts (a one-credit payment's creator share after rounding) are no movement at all.
  const moving = m.entries.filter((e) => e.amount !== 0);
  const ids = await accountIds(
    tx,
    moving.map((e) => e.account),
  );
  const rows = moving.map((e, i) => ({ transactionId: first.id, accountId: ids[i] ?? '', amount: e.amount }));
  // One statement; its rows are applied in this order, so account locks are taken sorted.
  rows.sort((x, y) => x.accountId.localeCompare(y.accountId));
  await tx.insert(ledgerEntries).values(rows);
  return { id: first.id, created: true };
}

export async function balanceOf(db: Queryable, ref: AccountRef): Promise<number> {
  const owner = ref.owner === null ? isNull(ledgerAccounts.ownerId) : eq(ledgerAccounts.ownerId, ref.owner);
  const [row] = await db
    .select({
      balance: sql<number>`case when ${ledgerAccounts.cachedBalance} then ${ledgerAccounts.balance}
        else coalesce((select sum(e.amount) from ledger_entries e where e.account_id = ledger_accounts.id), 0) end`.mapWith(
        Number,
      ),
    })
    .from(ledgerAccounts)
    .where(and(owner, eq(ledgerAccounts.kind, ref.kind)));
  return row?.balance ?? 0;
}

export const creditsOf = (db: Queryable, userId: string) => balanceOf(db, { owner: userId, kind: 'credits' });

/** The failure of a movement that would take a balance below zero. */
export const isBalanceTooLow = (err: unknown) =>
  isCheckViolation(err, 'ledger_accounts_balance_not_negative');

/** Sum of entries per account against the cached balances; used by audits and property tests. */
export async function balanceMismatches(
  db: Queryable,
): Promise<{ id: string; balance: number; sum: number }[]> {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      balance: ledgerAccounts.balance,
      sum: sql<number>`coalesce((select sum(e.amount) from ledger_entries e where e.account_id = ledger_accounts.id), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.cachedBalance, true));
  return rows.filter((r) => r.balance !== r.sum);
}
