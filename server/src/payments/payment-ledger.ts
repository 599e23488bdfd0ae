import { and, eq, sql } from 'drizzle-orm';
import {
  feedPurchases,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type PaymentRow,
  purchases,
} from '../db/schema';
import { type AccountRef, balanceOf, creditsOf, type Movement, postMovement } from '../ledger/ledger';
import type { Tx } from '../db/transaction';

/**
 * The ledger side of payments (docs/rules.md, Credits and payments). Each function runs inside the
 * caller's transaction, which holds the fan's user row, so the balances read here hold until commit.
 */

const fanAccount = (owner: string, kind: 'credits' | 'debt'): AccountRef => ({ owner, kind });
const platform = (kind: 'provider_clearing' | 'promotions'): AccountRef => ({ owner: null, kind });

/**
 * A payment's money becomes credits: the provider owes the price, promotions give the bonus, and the
 * fan gets both, less any debt, which is repaid first.
 */
export async function creditPayment(tx: Tx, p: PaymentRow, bonus: number) {
  const credits = p.amount + bonus;
  const debt = await balanceOf(tx, fanAccount(p.userId, 'debt'));
  const repaid = Math.min(credits, Math.max(0, -debt));
  const entries: Movement['entries'] = [
    { account: platform('provider_clearing'), amount: -p.amount },
    { account: platform('promotions'), amount: -bonus },
    { account: fanAccount(p.userId, 'debt'), amount: repaid },
    { account: fanAccount(p.userId, 'credits'), amount: credits - repaid },
  ];
  const { id } = await postMovement(tx, {
    kind: 'payment',
    reference: { payment_id: p.id },
    idempotencyKey: `payment:${p.id}`,
    entries,
  });
  return { transactionId: id, credits, added: credits - repaid };
}

/** One transaction's entries with the accounts they moved. */
async function entriesOf(tx: Tx, transactionId: string) {
  return tx
    .select({ amount: ledgerEntries.amount, ownerId: ledgerAccounts.ownerId, kind: ledgerAccounts.kind })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, transactionId));
}

const refOf = (e: { ownerId: string | null; kind: string }) =>
  ({ owner: e.ownerId, kind: e.kind }) as AccountRef;

/**
 * A refund or chargeback: the payment's transaction in reverse, except that the fan gives back only the
 * credits they still hold; the rest becomes debt, so no balance goes below zero.
 */
export async function reversePayment(tx: Tx, p: PaymentRow, kind: 'refund' | 'chargeback') {
  if (!p.transactionId) throw new Error(`payment ${p.id} has no transaction to reverse`);
  const held = await creditsOf(tx, p.userId);
  const entries: Movement['entries'] = [];
  let takenBack = 0;
  for (const e of await entriesOf(tx, p.transactionId)) {
    if (e.ownerId === p.userId && e.kind === 'credits') {
      takenBack = Math.min(held, e.amount);
      entries.push({ account: fanAccount(p.userId, 'credits'), amount: -takenBack });
      entries.push({ account: fanAccount(p.userId, 'debt'), amount: -(e.amount - takenBack) });
    } else entries.push({ account: refOf(e), amount: -e.amount });
  }
  const { id } = await postMovement(tx, {
    kind,
    reference: { payment_id: p.id },
    idempotencyKey: `${kind}:${p.id}`,
    entries,
  });
  return { transactionId: id, takenBack };
}

/**
 * Reverses a sale a chargeback takes back: its entries negated under `purchase_revoked:<sale>` (which
 * earnings and the history read as taking that sale back), its own key retired so the fan can buy the
 * same thing again. Returns the creators whose earnings it took back.
 */
async function reverseSale(tx: Tx, saleId: string, reference: Record<string, unknown>): Promise<string[]> {
  // The purchase's charge keeps its history under a retired key, so the fan can buy it again.
  await tx
    .update(ledgerTransactions)
    .set({
      idempotencyKey: sql`${ledgerTransactions.idempotencyKey} || ':revoked:' || ${ledgerTransactions.id}`,
    })
    .where(eq(ledgerTransactions.id, saleId));
  const charged = await entriesOf(tx, saleId);
  await postMovement(tx, {
    kind: 'purchase_revoked',
    reference,
    idempotencyKey: `purchase_revoked:${saleId}`,
    entries: charged.map((e) => ({ account: refOf(e), amount: -e.amount })),
  });
  return charged.flatMap((e) => (e.kind === 'earnings' && e.ownerId !== null ? [e.ownerId] : []));
}

/**
 * Takes back an unlock a charged-back payment paid for: the purchase goes (the message locks again)
 * and its transaction is reversed, so the creator's share and the platform's cut return to the fan's
 * credits, where the chargeback that follows takes them. Returns the creators whose earnings it took
 * back (none when there was no purchase).
 */
export async function revokeUnlock(tx: Tx, fanId: string, messageId: number): Promise<string[]> {
  const [bought] = await tx
    .delete(purchases)
    .where(and(eq(purchases.messageId, messageId), eq(purchases.buyerId, fanId)))
    .returning({ transactionId: purchases.transactionId, price: purchases.price });
  if (!bought) return [];
  // The creator's tally of what this fan spent in the chat (the fans and vip tabs) loses it too.
  await tx.execute(sql`
    update chat_members cm set spent_by_other = spent_by_other - ${bought.price}
    from messages m where m.id = ${messageId} and cm.chat_id = m.chat_id and cm.user_id = m.sender_id`);
  return reverseSale(tx, bought.transactionId, { message_id: messageId, buyer_id: fanId });
}

/**
 * Takes back a post unlock a charged-back payment paid for, as `revokeUnlock` takes back a message's:
 * the purchase goes (the post locks again, and may be bought again) and its charge is reversed.
 */
export async function revokePostUnlock(tx: Tx, fanId: string, postId: string): Promise<string[]> {
  const [bought] = await tx
    .delete(feedPurchases)
    .where(and(eq(feedPurchases.postId, postId), eq(feedPurchases.buyerId, fanId)))
    .returning({ transactionId: feedPurchases.transactionId });
  if (!bought) return [];
  return reverseSale(tx, bought.transactionId, { post_id: postId, buyer_id: fanId });
}
