import * as z from 'zod/mini';

/**
 * Subscription offers (docs/rules.md, Subscription offers): bundles of several months paid at once at a
 * discount, free-trial links, and time-limited promotions on the first month. Amounts are credits.
 */

/** The bundle lengths a creator may offer, in months. */
export const BUNDLE_MONTHS = [3, 6, 12] as const;
export const BUNDLE_PERCENT_MAX = 60;
/** The trial lengths a link may give, in days. */
export const TRIAL_DAYS = [7, 14, 30] as const;
export const TRIAL_LINK_USES_MAX = 10_000;
export const PROMOTION_PERCENT_MIN = 5;
export const PROMOTION_PERCENT_MAX = 90;
export const PROMOTION_USES_MAX = 100_000;

/**
 * What `months` at `monthly` credits a month cost with `percentOff` taken off: the full total less the
 * discount, rounded down to a whole credit (the fan's favour), never below 1. The one rounding rule of
 * every offer: the server charges it and every screen shows it.
 */
export function offerTotal(monthly: number, months: number, percentOff: number): number {
  return Math.max(1, Math.floor((monthly * months * (100 - percentOff)) / 100));
}

const monthsChoice = z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)]);
const bundleMonths = z.union([z.literal(3), z.literal(6), z.literal(12)]);
const trialDays = z.union([z.literal(7), z.literal(14), z.literal(30)]);

/** A bundle as the creator sets it. */
export const subscriptionBundle = z.object({
  months: bundleMonths,
  percent_off: z.int().check(z.gte(1), z.lte(BUNDLE_PERCENT_MAX)),
});
export type SubscriptionBundle = z.infer<typeof subscriptionBundle>;

/** `PUT /v1/subscription-offers/bundles`: the bundles offered from now on (each length at most once). */
export const bundlesBody = z.object({
  bundles: z.array(subscriptionBundle).check(
    z.maxLength(BUNDLE_MONTHS.length),
    z.refine((b) => new Set(b.map((x) => x.months)).size === b.length, {
      message: 'Each bundle length may be set once.',
    }),
  ),
});

export type BundlesBody = z.infer<typeof bundlesBody>;

/** A promotion as the creator starts it (`POST /v1/subscription-offers/promotions`). */
export const promotionBody = z
  .object({
    /** `new`: fans who never subscribed to the creator; `returning`: fans whose subscription ended. */
    audience: z.enum(['new', 'returning']),
    percent_off: z.int().check(z.gte(PROMOTION_PERCENT_MIN), z.lte(PROMOTION_PERCENT_MAX)),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    max_uses: z.nullable(z.int().check(z.gte(1), z.lte(PROMOTION_USES_MAX))),
  })
  .check(
    z.refine((p) => Date.parse(p.ends_at) > Date.parse(p.starts_at), {
      message: 'A promotion must end after it starts.',
      path: ['ends_at'],
    }),
  );
export type PromotionBody = z.infer<typeof promotionBody>;

export const promotion = z.object({
  _id: z.string(),
  audience: z.enum(['new', 'returning']),
  percent_off: z.int(),
  starts_at: z.string(),
  ends_at: z.string(),
  max_uses: z.nullable(z.int()),
  used: z.int(),
  /** `scheduled` before its start, `active` while it runs, `ended` after its end, when ended early or used up. */
  status: z.enum(['scheduled', 'active', 'ended']),
});
export type Promotion = z.infer<typeof promotion>;

/** A free-trial link as the creator makes it (`POST /v1/subscription-offers/trial-links`). */
export const trialLinkBody = z.object({
  trial_days: trialDays,
  max_uses: z.int().check(z.gte(1), z.lte(TRIAL_LINK_USES_MAX)),
  expires_at: z.iso.datetime({ offset: true }),
});
export type TrialLinkBody = z.infer<typeof trialLinkBody>;

export const trialLink = z.object({
  _id: z.string(),
  code: z.string(),
  /** The path it opens: the creator's public page with `?trial=`. */
  path: z.string(),
  trial_days: z.int(),
  max_uses: z.int(),
  used: z.int(),
  expires_at: z.string(),
  status: z.enum(['active', 'expired', 'revoked', 'used_up']),
  created_at: z.string(),
});
export type TrialLink = z.infer<typeof trialLink>;

/** `GET /v1/subscription-offers`: the creator's own offers. */
export const subscriptionOffers = z.object({
  subscription_price: z.int(),
  bundles: z.array(subscriptionBundle),
  promotions: z.array(promotion),
  trial_links: z.array(trialLink),
});
export type SubscriptionOffers = z.infer<typeof subscriptionOffers>;
export const subscriptionOffersEnvelope = z.object({ data: subscriptionOffers });
export const promotionEnvelope = z.object({ data: promotion });
export const trialLinkEnvelope = z.object({ data: trialLink });
export const offerIdParams = z.object({ id: z.string().check(z.maxLength(100)) });

/** One way to subscribe as a fan is offered it: the months, their total now, and what it saves. */
export const subscribeOption = z.object({
  months: monthsChoice,
  percent_off: z.int(),
  total: z.int(),
  /** The full price of those months less `total`. */
  saving: z.int(),
  /** The promotion that makes this price (a one-month option only), and when it ends. */
  promotion: z.nullable(
    z.object({ _id: z.string(), ends_at: z.string(), audience: z.enum(['new', 'returning']) }),
  ),
});
export type SubscribeOption = z.infer<typeof subscribeOption>;

/**
 * What a viewer may subscribe with: one month (at a promotion's price when the viewer may have it)
 * and each bundle. Public pages show it to everyone as a new fan would see it.
 */
export const subscribeOptions = z.array(subscribeOption);

/** `GET /v1/trial-links/{code}`: what a free-trial link gives, for anyone holding it. */
export const trialLinkOffer = z.object({
  code: z.string(),
  trial_days: z.int(),
  /** The monthly price the trial renews at, if the fan turns renewal on. */
  price: z.int(),
  creator: z.object({ _id: z.string(), username: z.nullable(z.string()) }),
  status: z.enum(['active', 'expired', 'revoked', 'used_up']),
});
export type TrialLinkOffer = z.infer<typeof trialLinkOffer>;
export const trialLinkOfferEnvelope = z.object({ data: trialLinkOffer });
export const trialCodeParams = z.object({ code: z.string().check(z.minLength(1), z.maxLength(64)) });

/**
 * `POST /v1/subscriptions/trial`: redeem a free-trial link. `renew`: renew at the monthly price when the
 * trial ends; then `price` must be the monthly price the fan was shown and confirmed.
 */
export const redeemTrialBody = z
  .object({
    code: z.string().check(z.minLength(1), z.maxLength(64)),
    send_id: z.string().check(z.minLength(1), z.maxLength(100)),
    renew: z.boolean(),
    price: z.optional(z.int().check(z.gte(1))),
  })
  .check(
    z.refine((b) => !b.renew || b.price !== undefined, {
      message: 'Renewing after a trial needs the monthly price the fan confirmed.',
      path: ['price'],
    }),
  );

/**
 * `PATCH /v1/subscriptions/{id}`: turn the renewal of one's own subscription off, or on again before its
 * period ends; on needs `price`, the monthly price the fan was shown and confirmed.
 */
export const renewalBody = z.object({ renew: z.boolean(), price: z.optional(z.int().check(z.gte(1))) }).check(
  z.refine((b) => !b.renew || b.price !== undefined, {
    message: 'Turning renewal on needs the monthly price the fan confirmed.',
    path: ['price'],
  }),
);
export const renewalResponse = z.object({
  data: z.object({
    _id: z.string(),
    status: z.enum(['active', 'canceled']),
    price: z.int(),
    expires_at: z.string(),
  }),
});
export const subscriptionIdParams = z.object({ id: z.string().check(z.maxLength(100)) });

/** The offer a subscription period was bought with, as its ledger reference keeps it. */
export interface PeriodOfferReference {
  months?: number;
  percent_off?: number;
  promotion_id?: string;
}

/** How the fan's history and the creator's sales name the offer a subscription period was bought with. */
export function offerLabel(offer: PeriodOfferReference): string {
  const off = offer.percent_off ? `, ${offer.percent_off}% off` : '';
  if (offer.promotion_id) return `Promotion${off}`;
  return `${offer.months ?? 1} months${off}`;
}
