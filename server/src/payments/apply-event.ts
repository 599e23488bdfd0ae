import { creditPackageCommission, revokePackageCommission } from '../earnings/package-commission';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { messages, type PaymentRow, paymentEvents, payments, savedCards, users } from '../db/schema';
import { isUuid } from '../ids';
import { creditsOf } from '../ledger/ledger';
import { type Emit, type EventDeps, withEvents } from '../realtime/with-events';
import { FIRST_PURCHASE_BONUS } from './packages';
import { creditPayment, reversePayment } from './payment-ledger';
import { revokeBought } from './revoke-bought';
import type { ChargedCard, ProviderEvent } from './provider';
import type { Tx } from '../db/transaction';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The card a payment was made with, kept when the fan asked; the same card is one row. */
async function keepCard(tx: Tx, p: PaymentRow, provider: string, card: ChargedCard): Promise<string | null> {
  const [saved] = await tx
    .insert(savedCards)
    .values({
      userId: p.userId,
      provider,
      providerRef: card.ref,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
    })
    .onConflictDoNothing()
    .returning({ id: savedCards.id });
  if (saved) return saved.id;
  const [existing] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(
      and(
        eq(savedCards.provider, provider),
        eq(savedCards.providerRef, card.ref),
        eq(savedCards.userId, p.userId),
      ),
    );
  return existing?.id ?? null;
}

type Success = Extract<ProviderEvent, { type: 'payment.succeeded' | 'crypto.paid' }>;

/** The card a receipt names: the one the processor reports charging, else the saved card paid with. */
async function chargedCard(tx: Tx, p: PaymentRow, e: Success | null) {
  if (e?.type === 'payment.succeeded' && e.card) return e.card;
  if (!p.cardId) return null;
  const [saved] = await tx
    .select({ brand: savedCards.brand, last4: savedCards.last4 })
    .from(savedCards)
    .where(eq(savedCards.id, p.cardId));
  return saved ?? null;
}

/** pending → succeeded: credits in, the fan becomes a customer, and what the payment was for waits. */
async function succeed(tx: Tx, emit: Emit, p: PaymentRow, provider: string, e: Success | null) {
  const [earlier] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, p.userId), ne(payments.id, p.id), isNotNull(payments.transactionId)))
    .limit(1);
  const bonus = p.packageBonus + (earlier ? 0 : FIRST_PURCHASE_BONUS);
  const { transactionId, credits, added } = await creditPayment(tx, p, bonus);
  const card =
    e?.type === 'payment.succeeded' && e.card && p.saveCard ? await keepCard(tx, p, provider, e.card) : null;
  const crypto = e?.type === 'crypto.paid' ? { amount: e.amount, currency: e.currency, fee: e.fee } : null;
  const charged = await chargedCard(tx, p, e);
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      credits,
      bonus,
      transactionId,
      cardId: card ?? p.cardId,
      cardBrand: charged?.brand ?? null,
      cardLast4: charged?.last4 ?? null,
      crypto: crypto ?? p.crypto,
      redirectUrl: null,
      actionStatus: p.paymentType === 'credits' ? 'none' : 'pending',
      updatedAt: new Date(),
    })
    .where(eq(payments.id, p.id));
  await tx.update(users).set({ isCustomer: true, boughtCreditPackage: true }).where(eq(users.id, p.userId));
  await creditPackageCommission(tx, emit, p);
  emit(p.userId, { type: 'credits_update', credits: await creditsOf(tx, p.userId), amount: added });
  if (crypto) emit(p.userId, { type: 'credits_top_up', ...crypto, credits, payment_id: p.id });
  emit(p.userId, { type: 'payment_updated', payment_id: p.id, status: 'succeeded' });
}

/** succeeded → refunded | charged_back; a chargeback first takes back what the payment bought. */
async function reverse(tx: Tx, emit: Emit, p: PaymentRow, kind: 'refund' | 'chargeback') {
  // The creator's header and earnings pages re-read what the chargeback took from them.
  if (kind === 'chargeback')
    for (const creatorId of await revokeBought(tx, emit, p)) emit(creatorId, { type: 'earnings_updated' });
  await revokePackageCommission(tx, emit, p);
  const { transactionId, takenBack } = await reversePayment(tx, p, kind);
  const status = kind === 'refund' ? 'refunded' : 'charged_back';
  await tx
    .update(payments)
    .set({
      status,
      reversalTransactionId: transactionId,
      // What the payment was for is never done with money that went back.
      ...(p.actionStatus === 'pending'
        ? {
            actionStatus: 'failed' as const,
            actionError: 'The payment was reversed before this could be done.',
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(payments.id, p.id));
  emit(p.userId, { type: 'credits_update', credits: await creditsOf(tx, p.userId), amount: -takenBack });
  emit(p.userId, { type: 'payment_updated', payment_id: p.id, status });
}

/** The users whose rows a change to this payment locks, in the order every money change takes them. */
async function usersOf(deps: EventDeps, paymentId: string): Promise<string[] | null> {
  const [p] = await deps.db
    .select({ userId: payments.userId, creator: messages.senderId, modelId: payments.modelId })
    .from(payments)
    .leftJoin(messages, eq(messages.id, payments.unlockedMessageId))
    .where(eq(payments.id, paymentId));
  if (!p) return null;
  // The creator a post or subscription was bought from, as finishing it locked them (finish-action.ts).
  const creator = p.creator ?? p.modelId;
  return creator && creator !== p.userId ? [p.userId, creator] : [p.userId];
}

/**
 * Applies one provider event exactly once: its id is recorded in the same transaction (a redelivery
 * finds it and changes nothing), and events only move a payment forward, so one arriving late or out of
 * order is a no-op, and a refund or dispute that overtakes its success applies the success first.
 */
export async function applyProviderEvent(
  deps: EventDeps,
  provider: string,
  e: ProviderEvent,
): Promise<EventOutcome> {
  const between = isUuid(e.paymentId) ? await usersOf(deps, e.paymentId) : null;
  if (!between) {
    // Not one of Cove's payments: acknowledged, so the provider stops sending it.
    await deps.db
      .insert(paymentEvents)
      .values({ provider, eventId: e.id, type: e.type })
      .onConflictDoNothing();
    return 'ignored';
  }
  return withEvents(
    deps,
    async (tx, emit) => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ provider, eventId: e.id, type: e.type, paymentId: e.paymentId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      if (recorded.length === 0) return 'duplicate';
      const [p] = await tx.select().from(payments).where(eq(payments.id, e.paymentId)).for('update');
      if (!p || p.provider !== provider) return 'ignored';
      if (p.providerPaymentId === null && e.providerPaymentId !== null)
        await tx.execute(
          sql`update payments set provider_payment_id = ${e.providerPaymentId} where id = ${p.id}`,
        );
      switch (e.type) {
        case 'payment.succeeded':
        case 'crypto.paid':
          if (p.status !== 'pending') return 'ignored';
          await succeed(tx, emit, p, provider, e);
          return 'applied';
        case 'payment.failed':
          if (p.status !== 'pending') return 'ignored';
          await tx
            .update(payments)
            .set({ status: 'failed', failureCode: e.reason, redirectUrl: null, updatedAt: new Date() })
            .where(eq(payments.id, p.id));
          emit(p.userId, { type: 'payment_updated', payment_id: p.id, status: 'failed' });
          return 'applied';
        case 'payment.refunded':
        case 'payment.disputed': {
          if (p.status === 'pending') {
            await succeed(tx, emit, p, provider, null);
            const [now] = await tx.select().from(payments).where(eq(payments.id, p.id));
            if (now) await reverse(tx, emit, now, e.type === 'payment.refunded' ? 'refund' : 'chargeback');
            return 'applied';
          }
          if (p.status !== 'succeeded') return 'ignored';
          await reverse(tx, emit, p, e.type === 'payment.refunded' ? 'refund' : 'chargeback');
          return 'applied';
        }
      }
    },
    { between },
  );
}
