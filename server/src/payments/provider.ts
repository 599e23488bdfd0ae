import type { CardFormProvider } from '@cove/contracts';

/**
 * What Cove needs from a card processor. Modelled on Stripe's PaymentIntents: a payment is created and
 * confirmed at once with a card token (or a saved card); it succeeds, fails, or asks for the card
 * holder's check (3-D Secure) on the processor's page, which returns to Cove's page. Money changes only
 * when the processor's signed webhook says so (`parseWebhook`), so callers never trust a browser.
 */
export interface PaymentProvider {
  readonly name: string;
  /** What the browser's card form needs: where it sends the card to get a token. */
  readonly cardForm: CardFormProvider;
  createCardPayment(input: CardPaymentInput): Promise<CardPaymentOutcome>;
  /** An invoice page where the fan pays in crypto; the outcome comes by webhook. */
  createCryptoPayment(input: CryptoPaymentInput): Promise<{ providerPaymentId: string; redirectUrl: string }>;
  /** Forgets a saved card at the processor. */
  deleteCard(providerRef: string): Promise<void>;
  /** Returns money to the card (the refund event follows by webhook). */
  refund(providerPaymentId: string): Promise<void>;
  /**
   * Checks a webhook's signature over the exact bytes received and reads its event; throws
   * `WebhookSignatureError` when it is not the processor's.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

export interface CardPaymentInput {
  /** Cove's payment id: the processor's idempotency key and the metadata its events carry back. */
  paymentId: string;
  amountCents: number;
  card: { token: string } | { savedRef: string };
  /** Keep the card for later payments; the outcome then names its reusable ref. */
  saveCard: boolean;
  /** Where the processor's 3-D Secure page sends the browser afterwards. */
  returnUrl: string;
  failUrl: string;
  browserInfo: Record<string, unknown>;
}

export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'card_expired';

/** The card the processor charged, as Cove may keep it. */
export interface ChargedCard {
  ref: string;
  brand: 'VISA' | 'MASTER';
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardPaymentOutcome =
  | { status: 'succeeded'; providerPaymentId: string; card: ChargedCard | null }
  | { status: 'requires_action'; providerPaymentId: string; redirectUrl: string; card: ChargedCard | null }
  | { status: 'failed'; providerPaymentId: string | null; reason: DeclineReason };

export interface CryptoPaymentInput {
  paymentId: string;
  amountCents: number;
  returnUrl: string;
}

/** One event from the processor, already verified. `paymentId` is Cove's id from the metadata. */
export type ProviderEvent = { id: string; paymentId: string; providerPaymentId: string } & (
  | { type: 'payment.succeeded'; card: ChargedCard | null }
  | { type: 'payment.failed'; reason: DeclineReason }
  | { type: 'payment.refunded' }
  | { type: 'payment.disputed' }
  | { type: 'crypto.paid'; amount: number; currency: string; fee: number }
);

export class WebhookSignatureError extends Error {}
