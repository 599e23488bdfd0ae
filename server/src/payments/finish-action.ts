import { errorText } from '@cove/contracts';
import { and, asc, eq, lt } from 'drizzle-orm';
import type * as z from 'zod';
import type { AutoMessageTriggers } from '../auto-messages/plugin';
import { messages, payments, users } from '../db/schema';
import { AppError } from '../errors';
import { outcomeOf } from '../db/outcome';
import { type LoggedRow, notifyLogged } from '../messages/db-call';
import { buyCall, buyOutcome } from '../messages/purchase';
import { tip } from '../messages/tip';
import { type EventDeps, withEvents } from '../realtime/with-events';
import type { Tx } from '../db/transaction';

/** What finishing a payment needs: a purchase it completes may be the fan's first (auto-messages). */
export interface FinishDeps extends EventDeps {
  autoMessages: Pick<AutoMessageTriggers, 'purchased' | 'wake' | 'mayThank'>;
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

/**
 * Does what a succeeded payment was for (docs/rules.md: unlock the message, send the tip). Safe to
 * run again at any point: the unlock is one transaction with its record, and the tip's send id is
 * the payment's, so a retried tip is applied once.
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
  let done: Done;
  const [fan] = await deps.db.select().from(users).where(eq(users.id, p.userId));
  if (p.paymentType === 'tip' && fan && p.chatId && p.tip) {
    try {
      await tip(deps, fan, p.chatId, p.tip, `payment:${p.id}`);
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
