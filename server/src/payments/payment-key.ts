import type { PaymentBody, PaymentResponse } from '@cove/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type PaymentRequest, type PaymentRow, payments } from '../db/schema';
import { fail } from '../errors';
import { creditsOf } from '../ledger/ledger';
import { failureCodeOf } from './payment-dto';

/**
 * What an idempotency key stands for (docs/rules.md, Payment attempts): everything that decides what
 * the payment buys and with which card. Where the browser returns and its 3-D Secure facts are left
 * out: they change nothing that is charged or done.
 */
export const cardRequest = (body: PaymentBody): PaymentRequest => ({
  method: 'card',
  amount: body.amount,
  model_id: body.model_id ?? null,
  chat_id: body.chat_id ?? null,
  message_id: body.message_id ?? null,
  feed_id: body.feed_id ?? null,
  tip: body.tip ?? null,
  ...(body.subscribe ? { subscribe: true as const } : {}),
  ...(body.tip_post
    ? { tip_post: [body.tip_post.feed_id, body.tip_post.amount, body.tip_post.message ?? null] }
    : {}),
  // A new card's token is not kept: a retry of one attempt sends the same one, and it pays only once.
  card_id: body.card_id ?? null,
  save_card: body.save_card,
});

export const cryptoRequest = (amount: number): PaymentRequest => ({ method: 'crypto', amount });

export async function paymentByKey(db: Db, userId: string, key: string): Promise<PaymentRow | undefined> {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return p;
}

/** The payment a key was first used for, when this request asks for the same; a 409 otherwise. */
export function sameRequest(p: PaymentRow, request: PaymentRequest): PaymentRow {
  const first: Record<string, unknown> = p.request;
  const again: Record<string, unknown> = request;
  const keys = new Set([...Object.keys(first), ...Object.keys(again)]);
  // Values are scalars or a tip on a post's tuple, whose JSON is in a fixed order.
  const same = (k: string) => JSON.stringify(first[k] ?? null) === JSON.stringify(again[k] ?? null);
  for (const k of keys) if (!same(k)) throw fail('idempotency_reused');
  return p;
}

/** The answer for a card payment already made with this key: its outcome now, never a second charge. */
export async function cardAnswerFor(
  db: Db,
  p: PaymentRow,
  request: PaymentRequest,
): Promise<PaymentResponse> {
  sameRequest(p, request);
  if (p.status === 'failed') throw fail(failureCodeOf(p.failureCode));
  if (p.status === 'pending')
    return {
      three_ds: p.redirectUrl !== null,
      redirect_url: p.redirectUrl,
      result: 'pending',
      payment_id: p.id,
      credits: null,
    };
  return {
    three_ds: false,
    redirect_url: null,
    result: 'success',
    payment_id: p.id,
    credits: await creditsOf(db, p.userId),
  };
}
