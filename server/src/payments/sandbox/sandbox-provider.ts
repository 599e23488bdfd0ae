import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxCards, sandboxPayments } from '../../db/schema';
import type { Tx } from '../../realtime/event-log';
import { fail } from '../../errors';
import { CRYPTO_CURRENCY } from '../packages';
import {
  type CardPaymentInput,
  type CardPaymentOutcome,
  type ChargedCard,
  type CryptoPaymentInput,
  type DeclineReason,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from '../provider';
import { verifyWebhook } from '../webhook-signature';
import { behaviourOf, brandOf, type CardBehaviour, luhnValid, TEST_CARDS } from './test-cards';

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

const chargedCard = (card: typeof sandboxCards.$inferSelect): ChargedCard => ({
  ref: card.ref,
  brand: card.brand === 'MASTER' ? 'MASTER' : 'VISA',
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
});

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

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

  async createCardPayment(input: CardPaymentInput): Promise<CardPaymentOutcome> {
    const ref = 'token' in input.card ? input.card.token : input.card.savedRef;
    const [card] = await this.db.select().from(sandboxCards).where(eq(sandboxCards.ref, ref));
    if (!card) return { status: 'failed', providerPaymentId: null, reason: 'card_declined' };
    const charged = chargedCard(card);
    const decline = declineOf[card.behaviour as CardBehaviour];
    const status = decline ? 'failed' : card.behaviour === 'requires_3ds' ? 'requires_action' : 'succeeded';
    // One sandbox payment per Cove payment, like a processor's idempotency key.
    const id = `pi_${input.paymentId.replaceAll('-', '')}`;
    await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(sandboxPayments)
        .values({
          id,
          method: 'card',
          cardRef: card.ref,
          amountCents: input.amountCents,
          status,
          returnUrl: input.returnUrl,
          failUrl: input.failUrl,
          metadata: { payment_id: input.paymentId },
        })
        .onConflictDoNothing()
        .returning({ id: sandboxPayments.id });
      if (inserted.length === 0 || status === 'requires_action') return;
      await this.deliver(
        tx,
        this.event(
          decline ? 'payment.failed' : 'payment.succeeded',
          input.paymentId,
          id,
          decline ? { reason: decline } : { card: charged },
        ),
      );
    });
    this.queued();
    if (decline) return { status: 'failed', providerPaymentId: id, reason: decline };
    if (status === 'requires_action')
      return { status, providerPaymentId: id, redirectUrl: `/sandbox/3ds/${id}`, card: charged };
    return { status: 'succeeded', providerPaymentId: id, card: charged };
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
          : this.event('payment.failed', paymentId, id, { reason: 'card_declined' }),
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
          'bad_request',
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

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent {
    const header = headers['cove-signature'];
    if (!verifyWebhook(this.secret, rawBody, typeof header === 'string' ? header : undefined))
      throw new WebhookSignatureError('bad signature');
    const e = JSON.parse(rawBody.toString('utf8')) as SandboxEvent;
    const base = { id: e.id, paymentId: e.data.payment_id, providerPaymentId: e.data.provider_payment_id };
    switch (e.type) {
      case 'payment.succeeded':
        return { ...base, type: e.type, card: e.data.card ?? null };
      case 'payment.failed':
        return { ...base, type: e.type, reason: e.data.reason ?? 'card_declined' };
      case 'payment.refunded':
      case 'payment.disputed':
        return { ...base, type: e.type };
      case 'crypto.paid':
        return {
          ...base,
          type: e.type,
          amount: e.data.amount ?? 0,
          currency: e.data.currency ?? CRYPTO_CURRENCY,
          fee: e.data.fee ?? 0,
        };
    }
  }
}
