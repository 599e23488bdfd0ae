import * as z from 'zod/mini';

/**
 * The fan's spending history (`GET /v1/history`): one row per ledger transaction that moved the
 * caller's credits (or the debt a chargeback left), newest first. Amounts are credits, shown in
 * dollars through `formatMoney`. Which ledger reason is which kind: server/src/history/row-kinds.ts.
 */
export const historyKinds = [
  'credit_purchase',
  'chat_unlock',
  'post_unlock',
  'paid_message',
  'tip',
  'post_tip',
  'subscription',
  'renewal',
  'subscription_refund',
  'refund',
  'chargeback',
  'unlock_reversed',
  'credit_grant',
  'other',
] as const;
export const historyKind = z.enum(historyKinds);
export type HistoryKind = z.infer<typeof historyKind>;

/** A date as the history's filters take it: `2026-11-28`, a day in UTC. */
const day = z.iso.date();

/** Filters shared by the list and the CSV export; `kind` is a comma-separated list of kinds. */
export const historyFilter = z.object({
  kind: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(400)),
        z.transform((s) => s.split(',').filter(Boolean)),
      ),
      z.array(historyKind).check(z.maxLength(historyKinds.length)),
    ),
  ),
  from: z.optional(day),
  to: z.optional(day),
});

export const historyQuery = z.extend(historyFilter, {
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  /** The `seq` of the last row seen: the page holds the rows after it, newest first. */
  before: z.optional(z.coerce.number().check(z.int(), z.gte(1))),
});

const party = z.object({ _id: z.string(), username: z.nullable(z.string()) });

/** The card payment or crypto top-up behind a credit purchase, refund or chargeback. */
export const historyPayment = z.object({
  _id: z.string(),
  method: z.enum(['card', 'crypto']),
  card_brand: z.nullable(z.string()),
  card_last4: z.nullable(z.string()),
  /** What was charged, in credits (1 credit = $0.10). */
  price: z.int(),
  /** Credits bought, bonus included. */
  credits: z.int(),
  bonus: z.int(),
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded', 'charged_back']),
});

export const historyRow = z.object({
  /** The ledger transaction's id: the receipt's number. */
  _id: z.string(),
  seq: z.int(),
  kind: historyKind,
  /** The ledger's own name for the movement, for support. */
  reason: z.string(),
  created_at: z.string(),
  /** The change to the caller's credits: negative when spent. */
  amount: z.int(),
  /** The caller's credits after this row. */
  balance_after: z.int(),
  /** The change to what the caller owes (a chargeback of credits already spent; a repayment). */
  debt_change: z.int(),
  /** Who was paid, or whose sale was reversed; null for credit purchases and grants. */
  creator: z.nullable(party),
  chat_id: z.nullable(z.string()),
  message_id: z.nullable(z.string()),
  post_id: z.nullable(z.string()),
  payment: z.nullable(historyPayment),
  /** The offer a subscription charge was bought with ("3 months, 10% off", "Promotion, 20% off"). */
  offer: z.nullable(z.string()),
});
export type HistoryRow = z.infer<typeof historyRow>;

export const historyPage = z.object({ data: z.array(historyRow), next: z.nullable(z.string()) });

/** `GET /v1/history/{id}`: one row as a receipt, with who paid and what the movement's state is now. */
export const historyReceipt = z.extend(historyRow, {
  payer: party,
  /** `reversed`: an unlock a chargeback took back; `refunded`/`charged_back`: a purchase undone later. */
  status: z.enum(['completed', 'pending', 'refunded', 'charged_back', 'reversed']),
});
export type HistoryReceipt = z.infer<typeof historyReceipt>;
export const historyReceiptResponse = z.object({ data: historyReceipt });

/** `GET /v1/history/export`: the filtered range as CSV, for the browser to save. */
export const historyExport = z.object({ filename: z.string(), csv: z.string() });

/** Each kind's name, as the history's filter, receipt and CSV say it. */
export const historyKindLabels: Record<HistoryKind, string> = {
  credit_purchase: 'Credit purchase',
  chat_unlock: 'Chat unlock',
  post_unlock: 'Post unlock',
  paid_message: 'Paid message',
  tip: 'Tip',
  post_tip: 'Post tip',
  subscription: 'Subscription',
  renewal: 'Subscription renewal',
  subscription_refund: 'Subscription refund',
  refund: 'Refund',
  chargeback: 'Chargeback',
  unlock_reversed: 'Unlock reversed',
  credit_grant: 'Credits from Cove',
  other: 'Balance change',
};

/** What a row was, in a sentence: the list's line, the receipt's heading and the CSV's description. */
export function describeHistoryRow(row: Pick<HistoryRow, 'kind' | 'creator' | 'payment' | 'offer'>): string {
  const who = row.creator?.username ?? 'a creator';
  const card = row.payment?.card_brand
    ? ` with ${row.payment.card_brand} ending ${row.payment.card_last4 ?? '????'}`
    : row.payment?.method === 'crypto'
      ? ' with crypto'
      : '';
  switch (row.kind) {
    case 'credit_purchase':
      return `Bought credits${card}`;
    case 'chat_unlock':
      return `Unlocked a message from ${who}`;
    case 'post_unlock':
      return `Unlocked a post by ${who}`;
    case 'paid_message':
      return `Sent a paid message to ${who}`;
    case 'tip':
      return `Tipped ${who} in chat`;
    case 'post_tip':
      return `Tipped ${who} on a post`;
    case 'subscription':
      return row.offer ? `Subscribed to ${who} (${row.offer})` : `Subscribed to ${who}`;
    case 'renewal':
      return `Renewed the subscription to ${who}`;
    case 'subscription_refund':
      return `Refund for the rest of the subscription to ${who}, ended by a block`;
    case 'refund':
      return `Refund of a credit purchase${card}`;
    case 'chargeback':
      return `Chargeback of a credit purchase${card}`;
    case 'unlock_reversed':
      return `Unlock of a message from ${who} taken back by a chargeback`;
    case 'credit_grant':
      return 'Credits given by Cove';
    case 'other':
      return 'Balance change';
  }
}
