import { type SQL, sql } from 'drizzle-orm';

/** `<column> in (...)` over a list of ledger transaction kinds, as parameters. */
export const kindIn = (column: SQL, kinds: readonly string[]): SQL =>
  sql`${column} in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )})`;

/**
 * The entries of a user's `earnings` account with their transaction's kind and time: every earnings
 * figure is a sum over these (docs/rules.md, Source of truth). `sale_id` groups a sale with what takes
 * it back: a `purchase_revoked` transaction is keyed `purchase_revoked:<the sale's transaction id>`
 * (revokeUnlock), a `subscription_refund` `subscription_refund:<the period's charge id>`
 * (end-for-block.ts); any other entry is its own transaction's.
 */
export const earningsEntriesOf = (userId: string): SQL => sql`
  select le.amount, lt.kind, lt.created_at, lt.reference,
    coalesce(substring(lt.idempotency_key from '^(?:purchase_revoked|subscription_refund):(.+)$'), lt.id::text) as sale_id
  from ledger_accounts la
  join ledger_entries le on le.account_id = la.id
  join ledger_transactions lt on lt.id = le.transaction_id
  where la.owner_id = ${userId} and la.kind = 'earnings'`;
