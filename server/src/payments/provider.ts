import type { CardBrand, CardFormProvider } from '@cove/contracts';

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
   * `WebhookSignatureError` when it is not the processor's. A signed body Cove cannot use (a type it
   * does not know, data missing or malformed) is answered as `unusable`, with why.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ParsedWebhook;
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

/**
 * Why the processor refused a card, each an error code of the catalogue; `card_token_used`: the card
 * form's token had paid once already; `three_ds_failed`: the card holder did not pass their bank's check.
 */
export const DECLINE_REASONS = [
  'card_declined',
  'insufficient_funds',
  'card_expired',
  'card_token_used',
  'three_ds_failed',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The card the processor charged, as Cove may keep it. */
export interface ChargedCard {
  ref: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardPaymentOutcome =
  | { status: 'succeeded'; providerPaymentId: string; card: ChargedCard | null }
  | { status: 'requires_action'; providerPaymentId: string; redirectUrl: string; card: ChargedCard | null }
  /** `providerPaymentId` is null when the processor refused to make a payment at all (an unusable token). */
  | { status: 'failed'; providerPaymentId: string | null; reason: DeclineReason };

export interface CryptoPaymentInput {
  paymentId: string;
  amountCents: number;
  returnUrl: string;
}

/**
 * One event from the processor, already verified. `paymentId` is Cove's id from the metadata;
 * `providerPaymentId` is null only for a failure the processor made no payment for.
 */
export type ProviderEvent = { id: string; paymentId: string; providerPaymentId: string | null } & (
  | { type: 'payment.succeeded'; card: ChargedCard | null }
  | { type: 'payment.failed'; reason: DeclineReason }
  | { type: 'payment.refunded' }
  | { type: 'payment.disputed' }
  | { type: 'crypto.paid'; amount: number; currency: string; fee: number }
);

/** A signed webhook: its event, or why Cove cannot use it (acknowledged so it is not sent again). */
export type ParsedWebhook = { event: ProviderEvent } | { unusable: string };

export class WebhookSignatureError extends Error {}
