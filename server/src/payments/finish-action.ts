import { errorText, type LoggedEvent } from '@cove/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type * as z from '../zod';
import type { AutoMessageTriggers } from '../auto-messages/plugin';
import { messages, type PaymentRow, payments, type UserRow, users } from '../db/schema';
import { AppError, fail } from '../errors';
import { buyPostIn } from '../feed/buy-post';
import { tipPost } from '../feed/tip-post';
import { isBalanceTooLow } from '../ledger/ledger';
import { subscribeIn } from '../subscriptions/subscribe';
import { outcomeOf } from '../db/outcome';
import { type LoggedRow, notifyLogged } from '../messages/db-call';
import { buyCall, buyOutcome } from '../messages/purchase';
import { tip } from '../messages/tip';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import type { Tx } from '../db/transaction';

/**
 * What finishing a payment needs: a purchase it completes may be the fan's first, a subscription a new
 * subscriber (auto-messages).
 */
export interface FinishDeps extends EventDeps {
  autoMessages: Pick<AutoMessageTriggers, 'purchased' | 'fire' | 'wake' | 'mayThank'>;
}

type Done = { status: 'done'; unlocked: number | null } | { status: 'failed'; error: string };

function refusalText(code: Extract<z.infer<typeof buyOutcome>, { status: 'refused' }>['code']): string {
  switch (code) {
    case 'not_found':
      return errorText('not_found', 'Message');
    case 'not_for_sale':
      return errorText('not_for_sale');
    case 'not_enough_credits':
      return errorText('not_enough_credits', 1);
    case 'blocked':
      return errorText('blocked');
    default:
      return errorText('payment_failed');
  }
}

/**
 * Unlocks the paid message a payment was for, in one transaction with the payment's record, so the
 * unlock and the note of it (which a chargeback revokes) commit together or not at all.
 */
async function unlock(deps: FinishDeps, paymentId: string, fanId: string, messageId: number) {
  const [m] = await deps.db
    .select({ sender: messages.senderId })
    .from(messages)
    .where(eq(messages.id, messageId));
  let queued = false;
  // The events of a purchase this run made; null when it made none (a repeat, or bought already).
  const bought = await withEvents(
    deps,
    async (tx, emit): Promise<LoggedRow[] | null> => {
      const [p] = await tx
        .select({ actionStatus: payments.actionStatus, status: payments.status })
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (p?.actionStatus !== 'pending' || p.status !== 'succeeded') return null;
      const outcome = outcomeOf(await tx.execute(buyCall(fanId, messageId)), buyOutcome, 'buy_message');
      let done: Done;
      if (outcome.status === 'bought') done = { status: 'done', unlocked: messageId };
      else if (outcome.code === 'already_purchased') done = { status: 'done', unlocked: null };
      else done = { status: 'failed', error: refusalText(outcome.code) };
      await record(tx, paymentId, done);
      emit(fanId, { type: 'payment_updated', payment_id: paymentId, status: 'succeeded' });
      if (outcome.status !== 'bought') return null;
      // Only the run that bought it: a repeated run, or a message already bought in chat, is no purchase.
      if (m) queued = await deps.autoMessages.purchased(tx, fanId, m.sender, { kind: 'unlock', messageId });
      return outcome.events;
    },
    { between: m ? [fanId, m.sender] : [fanId] },
  );
  if (queued) deps.autoMessages.wake();
  if (bought) await notifyLogged(deps.realtime, bought);
}

async function record(tx: Tx, paymentId: string, done: Done) {
  await tx
    .update(payments)
    .set(
      done.status === 'done'
        ? { actionStatus: 'done', unlockedMessageId: done.unlocked, updatedAt: new Date() }
        : { actionStatus: 'failed', actionError: done.error, updatedAt: new Date() },
    )
    .where(and(eq(payments.id, paymentId), eq(payments.actionStatus, 'pending')));
}

/** Buys what a payment was for, in the transaction that records it, with the fan's row as it is now. */
type Purchase = (tx: Tx, emit: Emit, fan: UserRow) => Promise<void>;

/**
 * Runs `buy` and the payment's record in one transaction between the fan and the creator, so the
 * purchase and the note that it was done commit together or not at all: a webhook delivered twice, a
 * return before the webhook or a crash between them buys once. `buy` runs in a savepoint: a refusal
 * (blocked, price changed, post gone, credits spent meanwhile) undoes it and its events, and the payment
 * says why, its credits staying with the fan. Answers whether this run bought it.
 */
async function finishWith(deps: FinishDeps, p: PaymentRow, creatorId: string, buy: Purchase) {
  return withEvents(
    deps,
    async (tx, emit) => {
      const [now] = await tx
        .select({ actionStatus: payments.actionStatus, status: payments.status })
        .from(payments)
        .where(eq(payments.id, p.id))
        .for('update');
      if (now?.actionStatus !== 'pending' || now.status !== 'succeeded') return false;
      const [fan] = await tx.select().from(users).where(eq(users.id, p.userId));
      let done: Done = { status: 'done', unlocked: null };
      const queued: [string, LoggedEvent][] = [];
      try {
        if (!fan) throw fail('user_not_found');
        await tx.transaction((sp) => buy(sp, (userId, event) => void queued.push([userId, event]), fan));
      } catch (err) {
        if (isBalanceTooLow(err)) done = { status: 'failed', error: errorText('not_enough_credits', 0) };
        else if (err instanceof AppError) done = { status: 'failed', error: err.message };
        else throw err;
        queued.length = 0;
      }
      for (const [userId, event] of queued) emit(userId, event);
      await record(tx, p.id, done);
      emit(p.userId, { type: 'payment_updated', payment_id: p.id, status: 'succeeded' });
      return done.status === 'done';
    },
    { between: [p.userId, creatorId] },
  );
}

/**
 * The tip a payment sends, in its chat or on its post (as `POST /v1/feed/{id}/tip` would, opening the
 * chat if need be); null when the payment is no tip. Its send id is the payment's, so a retried or
 * concurrent finish sends it once.
 */
function tipFor(deps: FinishDeps, p: PaymentRow, fan: UserRow): (() => Promise<unknown>) | null {
  const { chatId, feedId, tip: amount, tipNote } = p;
  const sendId = `payment:${p.id}`;
  if (!amount) return null;
  if (p.paymentType === 'tip' && chatId) return () => tip(deps, fan, chatId, amount, sendId);
  if (p.paymentType === 'post_tip' && feedId)
    return () =>
      tipPost(deps, fan, feedId, { amount, send_id: sendId, ...(tipNote ? { message: tipNote } : {}) });
  return null;
}

/**
 * Does what a succeeded payment was for (docs/rules.md, What a payment finishes: unlock the message or
 * the post, start the subscription, send the tip in the chat or on the post), as the fan may do it now, at a price no higher than
 * when the payment started. Safe to run again at any point: each purchase is one transaction with its
 * record, and the tip's send id is the payment's, so a retried tip is applied once.
 */
export async function finishPaymentAction(deps: FinishDeps, paymentId: string): Promise<void> {
  const [p] = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.id, paymentId), eq(payments.actionStatus, 'pending'), eq(payments.status, 'succeeded')),
    );
  if (!p) return;
  if (p.paymentType === 'message' && p.messageId !== null) {
    await unlock(deps, p.id, p.userId, p.messageId);
    return;
  }
  const creatorId = p.modelId;
  const atMost = p.actionPrice ?? 0;
  if (p.paymentType === 'post' && p.feedId && creatorId) {
    const postId = p.feedId;
    let queued = false;
    // The purchase, its record and its trigger's job commit together (the trigger in the savepoint).
    await finishWith(deps, p, creatorId, async (tx, emit, fan) => {
      await buyPostIn(tx, emit, fan, postId, atMost);
      queued = await deps.autoMessages.purchased(tx, p.userId, creatorId, { kind: 'post', postId });
    });
    if (queued) deps.autoMessages.wake();
    return;
  }
  if (p.paymentType === 'subscription' && creatorId) {
    let queued = false;
    await finishWith(deps, p, creatorId, async (tx, emit, fan) => {
      await subscribeIn(tx, emit, fan, creatorId, `payment:${p.id}`, atMost);
      queued = await deps.autoMessages.fire(tx, 'new_subscriber', creatorId, p.userId);
    });
    if (queued) deps.autoMessages.wake();
    return;
  }
  let done: Done;
  const [fan] = await deps.db.select().from(users).where(eq(users.id, p.userId));
  const send = fan ? tipFor(deps, p, fan) : null;
  if (send) {
    try {
      await send();
      done = { status: 'done', unlocked: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      done = { status: 'failed', error: err.message };
    }
  } else done = { status: 'failed', error: errorText('payment_failed') };
  await withEvents(deps, async (tx, emit) => {
    await record(tx, p.id, done);
    emit(p.userId, { type: 'payment_updated', payment_id: p.id, status: 'succeeded' });
  });
}

/** Payments whose action was left undone (a crash between the credits and the action), oldest first. */
export async function finishLeftActions(deps: FinishDeps): Promise<number> {
  const left = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.actionStatus, 'pending'), lt(payments.updatedAt, new Date(Date.now() - 30_000))))
    .orderBy(asc(payments.updatedAt))
    .limit(100);
  for (const { id } of left) await finishPaymentAction(deps, id);
  return left.length;
}
