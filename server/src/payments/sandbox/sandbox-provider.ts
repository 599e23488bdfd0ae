import { randomBytes } from 'node:crypto';
import { luhnValid } from '@cove/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCards, sandboxPayments } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { fail } from '../../errors';
import { CRYPTO_CURRENCY } from '../packages';
import {
  type CardPaymentInput,
  type CardPaymentOutcome,
  type ChargedCard,
  type CryptoPaymentInput,
  type DeclineReason,
  type ParsedWebhook,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from '../provider';
import { verifyWebhook } from '../webhook-signature';
import { readSandboxEvent } from './read-event';
import { behaviourOf, brandOf, type CardBehaviour, TEST_CARDS } from './test-cards';

/** An event as the sandbox sends it: Stripe-like, with Cove's payment id in the data. */
export interface SandboxEvent {
  id: string;
  type: ProviderEvent['type'];
  created: number;
  data: {
    payment_id: string;
    provider_payment_id: string;
    card?: ChargedCard | null;
    reason?: DeclineReason;
    amount?: number;
    currency?: string;
    fee?: number;
  };
}

/** Queues an event for delivery in the same commit as the sandbox's own change. */
export type Deliver = (tx: Tx, event: SandboxEvent) => Promise<void>;

const declineOf: Partial<Record<CardBehaviour, DeclineReason>> = {
  declined: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired: 'card_expired',
};

type SandboxCard = typeof sandboxCards.$inferSelect;

const chargedCard = (card: SandboxCard): ChargedCard => ({
  ref: card.ref,
  brand: card.brand === 'MASTER' ? 'MASTER' : 'VISA',
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
});

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

/** What a payment with a test card does, by the card's behaviour. */
function outcomeOf(card: SandboxCard, id: string): CardPaymentOutcome {
  const charged = chargedCard(card);
  const decline = declineOf[card.behaviour as CardBehaviour];
  if (decline) return { status: 'failed', providerPaymentId: id, reason: decline };
  if (card.behaviour === 'requires_3ds')
    return {
      status: 'requires_action',
      providerPaymentId: id,
      redirectUrl: `/sandbox/3ds/${id}`,
      card: charged,
    };
  return { status: 'succeeded', providerPaymentId: id, card: charged };
}

/** Whether a card's last valid month is before the current one. */
function expiredAt(month: number, year: number, now: Date): boolean {
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/**
 * The built-in card processor: a stand-in for one running elsewhere, with its own tables, a card form
 * endpoint, a 3-D Secure challenge page, a crypto invoice page and signed webhooks. Nothing here is
 * reached by Cove's code except through `PaymentProvider` (and the sandbox's own routes and admin tools).
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly cardForm = {
    name: 'sandbox',
    tokenize_url: '/sandbox/v1/tokens',
    test_cards: TEST_CARDS.map(({ number, outcome }) => ({ number, outcome })),
  };

  constructor(
    private readonly db: Db,
    private readonly secret: Buffer,
    private readonly deliver: Deliver,
    /** Called once events queued by a change have committed: delivery can start now. */
    private readonly queued: () => void,
  ) {}

  /** The card form's call: checks the card and answers a token; the number is not kept. */
  async tokenize(card: { number: string; exp_month: number; exp_year: number; cvc: string }) {
    const digits = card.number.replace(/[\s-]/g, '');
    const brand = brandOf(digits);
    if (!brand || !luhnValid(digits) || !/^\d{3,4}$/.test(card.cvc)) throw fail('card_invalid');
    const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    if (card.exp_month < 1 || card.exp_month > 12 || expiredAt(card.exp_month, year, new Date()))
      throw fail('card_expired');
    const row = {
      ref: randomId('card'),
      brand,
      last4: digits.slice(-4),
      expMonth: card.exp_month,
      expYear: year,
      behaviour: behaviourOf(digits),
    };
    await this.db.insert(sandboxCards).values(row);
    return { token: row.ref, brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear };
  }

  /**
   * The card a payment is made with, or why there is none to charge: a token pays once (the first
   * payment consumes it, as a processor's single-use token), a card kept for its fan pays again by its
   * saved reference only.
   */
  private async claim(tx: Tx, card: CardPaymentInput['card']): Promise<SandboxCard | DeclineReason> {
    if ('savedRef' in card) {
      const [saved] = await tx
        .select()
        .from(sandboxCards)
        .where(and(eq(sandboxCards.ref, card.savedRef), eq(sandboxCards.reusable, true)));
      return saved ?? 'card_declined';
    }
    const [fresh] = await tx
      .update(sandboxCards)
      .set({ usedAt: new Date() })
      .where(and(eq(sandboxCards.ref, card.token), isNull(sandboxCards.usedAt)))
      .returning();
    if (fresh) return fresh;
    const [used] = await tx
      .select({ ref: sandboxCards.ref })
      .from(sandboxCards)
      .where(eq(sandboxCards.ref, card.token));
    return used ? 'card_token_used' : 'card_declined';
  }

  async createCardPayment(input: CardPaymentInput): Promise<CardPaymentOutcome> {
    // One sandbox payment per Cove payment, like a processor's idempotency key.
    const id = `pi_${input.paymentId.replaceAll('-', '')}`;
    const outcome = await this.db.transaction(async (tx): Promise<CardPaymentOutcome> => {
      const card = await this.claim(tx, input.card);
      // Refused before any payment was made: there is no payment, so no event either.
      if (typeof card === 'string') return { status: 'failed', providerPaymentId: null, reason: card };
      const outcome = outcomeOf(card, id);
      if (input.saveCard && outcome.status !== 'failed')
        await tx.update(sandboxCards).set({ reusable: true }).where(eq(sandboxCards.ref, card.ref));
      const inserted = await tx
        .insert(sandboxPayments)
        .values({
          id,
          method: 'card',
          cardRef: card.ref,
          amountCents: input.amountCents,
          status: outcome.status,
          returnUrl: input.returnUrl,
          failUrl: input.failUrl,
          metadata: { payment_id: input.paymentId },
        })
        .onConflictDoNothing()
        .returning({ id: sandboxPayments.id });
      if (inserted.length === 0 || outcome.status === 'requires_action') return outcome;
      await this.deliver(
        tx,
        outcome.status === 'failed'
          ? this.event('payment.failed', input.paymentId, id, { reason: outcome.reason })
          : this.event('payment.succeeded', input.paymentId, id, { card: outcome.card }),
      );
      return outcome;
    });
    this.queued();
    return outcome;
  }

  async cardOf(ref: string | null) {
    if (!ref) return null;
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.ref, ref));
    return card ?? null;
  }

  /** A sandbox payment as its pages show it. */
  async payment(id: string) {
    const [row] = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
    return row ?? null;
  }

  /**
   * The card holder passed or failed the 3-D Secure check: the payment's outcome is sent by webhook,
   * and the browser goes back to Cove (once; a second submit finds the payment decided).
   */
  async completeChallenge(id: string, approved: boolean): Promise<string | null> {
    const back = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status: approved ? 'succeeded' : 'failed' })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'requires_action')))
        .returning();
      if (!row) return null;
      const paymentId = row.metadata.payment_id ?? '';
      const [card] = row.cardRef
        ? await tx.select().from(sandboxCards).where(eq(sandboxCards.ref, row.cardRef))
        : [];
      await this.deliver(
        tx,
        approved
          ? this.event('payment.succeeded', paymentId, id, {
              card: card ? chargedCard(card) : null,
            })
          : this.event('payment.failed', paymentId, id, { reason: 'three_ds_failed' }),
      );
      return approved ? row.returnUrl : row.failUrl;
    });
    this.queued();
    return back;
  }

  async createCryptoPayment(input: CryptoPaymentInput) {
    const id = `cp_${input.paymentId.replaceAll('-', '')}`;
    await this.db
      .insert(sandboxPayments)
      .values({
        id,
        method: 'crypto',
        amountCents: input.amountCents,
        status: 'awaiting',
        returnUrl: input.returnUrl,
        failUrl: input.returnUrl,
        metadata: { payment_id: input.paymentId },
      })
      .onConflictDoNothing();
    return { providerPaymentId: id, redirectUrl: `/sandbox/crypto/${id}` };
  }

  /** The invoice was paid (in the sandbox, by pressing the button): credits follow by webhook. */
  async payCrypto(id: string, fee: number): Promise<string | null> {
    const back = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status: 'succeeded' })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'awaiting')))
        .returning();
      if (!row) return null;
      await this.deliver(
        tx,
        this.event('crypto.paid', row.metadata.payment_id ?? '', id, {
          amount: row.amountCents / 100 + fee,
          currency: CRYPTO_CURRENCY,
          fee,
        }),
      );
      return row.returnUrl;
    });
    this.queued();
    return back;
  }

  async refund(providerPaymentId: string): Promise<void> {
    await this.settleLater(providerPaymentId, 'refunded', 'payment.refunded');
  }

  /** The card holder disputed the payment with their bank (sandbox and admin tools only). */
  async dispute(providerPaymentId: string): Promise<void> {
    await this.settleLater(providerPaymentId, 'disputed', 'payment.disputed');
  }

  private async settleLater(id: string, status: string, type: 'payment.refunded' | 'payment.disputed') {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ status })
        .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'succeeded')))
        .returning();
      if (!row) {
        // Asked twice before the first one's webhook reached Cove (which still says succeeded): a
        // refusal for support, not a server error.
        const [now] = await tx
          .select({ status: sandboxPayments.status })
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, id));
        throw fail(
          'payment_not_reversible',
          now
            ? `The provider's payment is ${now.status}, not succeeded; Cove updates it when the provider's event arrives.`
            : 'The provider has no such payment.',
        );
      }
      await this.deliver(tx, this.event(type, row.metadata.payment_id ?? '', id, {}));
    });
    this.queued();
  }

  async deleteCard(providerRef: string): Promise<void> {
    await this.db.delete(sandboxCards).where(eq(sandboxCards.ref, providerRef));
  }

  event(
    type: SandboxEvent['type'],
    paymentId: string,
    providerPaymentId: string,
    data: Partial<SandboxEvent['data']>,
  ): SandboxEvent {
    return {
      id: randomId('evt'),
      type,
      created: Math.floor(Date.now() / 1000),
      data: { payment_id: paymentId, provider_payment_id: providerPaymentId, ...data },
    };
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ParsedWebhook {
    const header = headers['cove-signature'];
    if (!verifyWebhook(this.secret, rawBody, typeof header === 'string' ? header : undefined))
      throw new WebhookSignatureError('bad signature');
    return readSandboxEvent(rawBody);
  }
}
