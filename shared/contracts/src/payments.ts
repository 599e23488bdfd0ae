import * as z from 'zod/mini';
import { message, postTipIntent, tipAmount } from './message';

/**
 * Credits and payments (spec: account document, payment body, saved cards, purchases, crypto top-up).
 * Amounts are raw credits: one credit is a tenth of a dollar, so a package's `amount` of 100 costs $10.00.
 */

/** A credit package (`GET /v1/payment/packages`); `amount` is both its price (raw) and its base credits. */
export const creditPackage = z.object({
  amount: z.int(),
  /** Extra credits on top of `amount`, from the platform. */
  bonus: z.int(),
  /** Marked as the one most fans choose. */
  popular: z.boolean(),
});
export type CreditPackage = z.infer<typeof creditPackage>;

/**
 * The card processor's card form: the browser sends the card to `tokenize_url` (never to Cove's API)
 * and gives Cove the token. The sandbox lists its test cards.
 */
export const cardFormProvider = z.object({
  name: z.string(),
  tokenize_url: z.string(),
  test_cards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type CardFormProvider = z.infer<typeof cardFormProvider>;

/** The brands the card processor takes. */
export const cardBrand = z.enum(['VISA', 'MASTER']);
export type CardBrand = z.infer<typeof cardBrand>;

/** `POST {tokenize_url}` with the card; the answer is all Cove ever learns of it. */
export const cardTokenBody = z.object({
  number: z.string().check(z.maxLength(40)),
  exp_month: z.int(),
  exp_year: z.int(),
  cvc: z.string().check(z.maxLength(8)),
});
export const cardTokenResponse = z.object({
  token: z.string(),
  brand: cardBrand,
  last4: z.string(),
  exp_month: z.int(),
  exp_year: z.int(),
});

export const creditPackagesResponse = z.object({
  data: z.array(creditPackage),
  provider: cardFormProvider,
  /** Extra credits on the caller's first purchase; 0 once they have bought. */
  first_purchase_bonus: z.int(),
  /** Whether crypto top-up is open to the caller (the `crypto_payment` feature). */
  crypto: z.boolean(),
});

/** The browser facts a card processor asks for with 3-D Secure (spec: payment body, browser_info). */
export const browserInfo = z.object({
  user_agent: z.string().check(z.maxLength(1000)),
  language: z.string().check(z.maxLength(40)),
  java_enabled: z.boolean(),
  color_depth: z.int().check(z.gte(0), z.lte(64)),
  screen_width: z.int().check(z.gte(0), z.lte(100_000)),
  screen_height: z.int().check(z.gte(0), z.lte(100_000)),
  time_zone: z.string().check(z.maxLength(80)),
  time_zone_offset: z.int().check(z.gte(-1000), z.lte(1000)),
});
export type BrowserInfo = z.infer<typeof browserInfo>;

/** What a payer without a browser window (the demo world, scripted checks) reports as `browser_info`. */
export const headlessBrowserInfo = (userAgent: string): BrowserInfo => ({
  user_agent: userAgent,
  language: 'en',
  java_enabled: false,
  color_depth: 24,
  screen_width: 1280,
  screen_height: 800,
  time_zone: 'UTC',
  time_zone_offset: 0,
});

/**
 * Where the 3-D Secure round trip returns: a page of Cove's own site, as a path (`/3ds-callback?…`) or
 * an address on its origin. The server checks it against that origin (src/payments/return-path.ts).
 */
const returnPath = z.string().check(z.maxLength(2000));

/**
 * What a payment finishes once it succeeds, as the 3-D Secure return names it (`paymentType`): credits
 * alone, a paid message unlocked, a tip sent in a chat, a paid post unlocked, a subscription started,
 * a tip sent on a post.
 */
export const paymentType = z.enum(['credits', 'message', 'tip', 'post', 'subscription', 'post_tip']);
export type PaymentType = z.infer<typeof paymentType>;

export const paymentBody = z
  .object({
    /** The package bought: one of the packages' `amount`. */
    amount: z.int().check(z.positive()),
    /** The creator the fan was with, if any. */
    model_id: z.nullish(z.string().check(z.maxLength(100))),
    chat_id: z.nullish(z.string().check(z.maxLength(100))),
    /** A paid message to unlock with the new credits once the payment succeeds. */
    message_id: z.nullish(z.string().check(z.maxLength(100))),
    /** A paid post to unlock with the new credits once the payment succeeds. */
    feed_id: z.nullish(z.string().check(z.maxLength(100))),
    /** Credits to tip in `chat_id` once the payment succeeds. */
    tip: z.nullish(tipAmount),
    /** Subscribe to `model_id` with the new credits once the payment succeeds. */
    subscribe: z.optional(z.boolean()),
    /** Tip on a post (as `POST /v1/feed/{id}/tip` would) with the new credits once the payment succeeds. */
    tip_post: z.optional(postTipIntent),
    success_url: returnPath,
    fail_url: returnPath,
    browser_info: browserInfo,
    /** A new card: the token the provider's card form gave (the card number never reaches Cove). */
    card_token: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
    /** A saved card's id from `GET /v1/cc`. */
    card_id: z.optional(z.string().check(z.maxLength(100))),
    /** Keep the new card for next time. */
    save_card: z._default(z.boolean(), false),
    /** The client's id for this attempt: a repeat answers the first attempt's outcome. */
    idempotency_key: z.string().check(z.minLength(1), z.maxLength(100)),
  })
  .check(
    z.refine((b) => (b.card_token === undefined) !== (b.card_id === undefined), {
      message: 'Give either card_token or card_id.',
      path: ['card_token'],
    }),
  );
export type PaymentBody = z.infer<typeof paymentBody>;

export const paymentResult = z.enum(['success', 'pending', 'failed']);

/** The answer to `POST /v1/payment` (spec: three_ds, redirect_url, result), with the payment's id. */
export const paymentResponse = z.object({
  three_ds: z.boolean(),
  /** Where to send the browser for the card check (3-D Secure) when `three_ds` is true. */
  redirect_url: z.nullable(z.string()),
  result: paymentResult,
  payment_id: z.string(),
  /** The caller's credits after the payment, when it already succeeded. */
  credits: z.nullable(z.int()),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

export const paymentStatus = z.enum(['pending', 'succeeded', 'failed', 'refunded', 'charged_back']);
/** Whether what the payment was for (unlock, tip) was done: `none` for a plain package. */
export const paymentActionStatus = z.enum(['none', 'pending', 'done', 'failed']);

/** One payment as its payer sees it (`GET /v1/payment/{id}`): how it ended, never taken from a URL. */
export const payment = z.object({
  _id: z.string(),
  method: z.enum(['card', 'crypto']),
  status: paymentStatus,
  payment_type: paymentType,
  amount: z.int(),
  /** Credits it gave (package plus bonuses); 0 until it succeeds. */
  credits: z.int(),
  bonus: z.int(),
  model_id: z.nullable(z.string()),
  chat_id: z.nullable(z.string()),
  message_id: z.nullable(z.string()),
  feed_id: z.nullable(z.string()),
  tip: z.nullable(z.int()),
  /** A tip on post `feed_id` (`post_tip`): the message sent with it, if any. */
  tip_message: z.nullable(z.string()),
  /** Whether it was to start a subscription to `model_id`. */
  subscribe: z.boolean(),
  /** The saved card it was paid with, if any: "Try again" offers the same one. */
  card_id: z.nullable(z.string()),
  /** Why it failed, in words for the payer. */
  failure: z.nullable(z.string()),
  action_status: paymentActionStatus,
  /** Why the unlock or tip could not be done (the credits stay with the fan). */
  action_error: z.nullable(z.string()),
  created_at: z.string(),
});
export type Payment = z.infer<typeof payment>;
export const paymentEnvelope = z.object({ data: payment });

/** A saved card (`GET /v1/cc`): only what identifies it to its owner. */
export const savedCard = z.object({
  id: z.string(),
  brand: cardBrand,
  last4: z.string().check(z.regex(/^\d{4}$/)),
  exp_month: z.int().check(z.gte(1), z.lte(12)),
  exp_year: z.int(),
});
export type SavedCard = z.infer<typeof savedCard>;
export const savedCardsResponse = z.object({ data: z.array(savedCard) });
export const deleteCardBody = z.object({ id: z.string().check(z.maxLength(100)) });

/** `POST /v1/payment/crypto`: a package paid in crypto through the provider's invoice page. */
export const cryptoTopUpBody = z.object({
  amount: z.int().check(z.positive()),
  idempotency_key: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const cryptoTopUpResponse = z.object({ redirect_url: z.string(), payment_id: z.string() });

/** The `credits_top_up` event's details (spec: amount, currency, credits, optional fee). */
export const creditsTopUp = z.object({
  /** What was paid, in `currency`. */
  amount: z.number(),
  currency: z.string(),
  credits: z.int(),
  fee: z.optional(z.number()),
});
export type CreditsTopUp = z.infer<typeof creditsTopUp>;

/** One purchase (`GET /v1/message/paid`): a paid message the caller bought, as they see it now. */
export const purchase = z.object({
  message_id: z.string(),
  chat_id: z.string(),
  creator: z.object({ _id: z.string(), username: z.nullable(z.string()) }),
  price: z.int(),
  bought_at: z.string(),
  /** The message itself, unlocked; null once its sender deleted it or it self-destructed. */
  message: z.nullable(message),
});
export type Purchase = z.infer<typeof purchase>;
export const purchasesQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
});
export const purchasesPage = z.object({ data: z.array(purchase), next: z.nullable(z.string()) });
