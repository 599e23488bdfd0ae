import type { HistoryKind } from '@cove/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Which ledger reason (`ledger_transactions.kind`) is which row of the fan's history, in one list.
 * A rule may ask for a key in the transaction's `reference` (a tip on a post names its post, a
 * renewal says it is one); the first rule that matches wins. A reason no rule names (a new kind of
 * charge, a test grant) is an `other` row: it still shows with its amount and balance, so the history
 * always adds up, and never fails.
 */
const ROW_KINDS: readonly { reason: string; withKey?: string; kind: HistoryKind }[] = [
  { reason: 'payment', kind: 'credit_purchase' },
  { reason: 'purchase', kind: 'chat_unlock' },
  { reason: 'feed_purchase', kind: 'post_unlock' },
  { reason: 'message', kind: 'paid_message' },
  { reason: 'tip', withKey: 'post_id', kind: 'post_tip' },
  { reason: 'post_tip', kind: 'post_tip' },
  { reason: 'tip', kind: 'tip' },
  { reason: 'subscription', withKey: 'renewal', kind: 'renewal' },
  { reason: 'subscription', kind: 'subscription' },
  { reason: 'subscription_refund', kind: 'subscription_refund' },
  { reason: 'refund', kind: 'refund' },
  { reason: 'chargeback', kind: 'chargeback' },
  { reason: 'purchase_revoked', kind: 'unlock_reversed' },
  { reason: 'promotional_grant', kind: 'credit_grant' },
];

/** The rules above as one SQL expression over a transaction's reason and reference. */
export function rowKindSql(reason: SQL, reference: SQL): SQL {
  const cases = ROW_KINDS.map(
    (r) =>
      sql`when ${reason} = ${r.reason}${r.withKey ? sql` and ${reference} ? ${r.withKey}` : sql``} then ${r.kind}::text`,
  );
  return sql`(case ${sql.join(cases, sql` `)} else 'other' end)`;
}
