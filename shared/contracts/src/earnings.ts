import * as z from 'zod/mini';
import { factorCode } from './security';

/**
 * Earnings and payouts (spec: account document, payout and account entities, the calls under
 * `/v1/account`, `/v2/account/payout`, `/v2/account/defaults`, `/v1/users/referrals`,
 * `/v1/users/send-verification-code`, `payout_completed`). Every amount is in credits, as the ledger
 * keeps them; a credit is worth $0.10. The rules behind the numbers (share, hold,
 * minimum payout, AML threshold, referral share) are in docs/rules.md, "Earnings and payouts".
 */

const credits = z.int();

/**
 * What a creator earns from: the per-source split of the stats and the summary chart. `commissions` is
 * her 10% of credit packages her referred fans buy (`credit_package_sales_commissions`, docs/rules.md).
 */
export const earningsSources = [
  'messages',
  'ppv',
  'tips',
  'subscriptions',
  'referrals',
  'commissions',
] as const;
export const earningsSource = z.enum(earningsSources);
export type EarningsSource = z.infer<typeof earningsSource>;

/** `GET /v1/account/totals` (`totals=false` is accepted and changes nothing). */
export const accountTotalsQuery = z.object({ totals: z.optional(z.enum(['true', 'false'])) });
export const accountTotals = z.object({
  /** What a payout may take now: settled earnings less what was paid out or is being paid. Negative after a chargeback that came after a payout. */
  available: credits,
  /** Earned within the hold period: becomes available when it ends. */
  pending: credits,
  /** Everything ever earned, net of chargebacks. */
  lifetime: credits,
  /** Paid out (completed payouts). */
  paid_out: credits,
  /** Requested payouts not yet completed. */
  in_payout: credits,
  /** When the oldest pending earnings become available; null when nothing is pending. */
  next_release_at: z.nullable(z.string()),
  hold_days: z.int(),
  minimum_payout: credits,
});
export type AccountTotals = z.infer<typeof accountTotals>;

/** `GET /v1/account/stats?days=30`: per UTC day and source, oldest first, every day present. */
export const accountStatsQuery = z.object({
  days: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(366)), 30),
});
export const earningsDay = z.object({
  date: z.string(),
  messages: credits,
  ppv: credits,
  tips: credits,
  subscriptions: credits,
  referrals: credits,
  /** Servers from before commissions had a line of their own counted them under referrals. */
  commissions: z._default(credits, 0),
});
export type EarningsDay = z.infer<typeof earningsDay>;
export const accountStats = z.object({
  data: z.array(earningsDay),
  /** The same period summed per source. */
  totals: z.omit(earningsDay, { date: true }),
});
export type AccountStats = z.infer<typeof accountStats>;

/** The four payout methods, each behind the feature permission of the same name. */
export const payoutMethodKinds = [
  'bank_transfer',
  'paypal_transfer',
  'paxum_transfer',
  'crypto_transfer',
] as const;
export const payoutMethodKind = z.enum(payoutMethodKinds);
export type PayoutMethodKind = z.infer<typeof payoutMethodKind>;

export const cryptoCurrencies = ['BTC', 'ETH', 'USDT_TRC20'] as const;
export const cryptoCurrency = z.enum(cryptoCurrencies);

/**
 * A PayPal or Paxum account's email: any text here, checked by the server, which answers a bad one with
 * the spec's 'Email is not a valid email address.' (`invalid_email`) rather than a schema message.
 */
const payoutEmail = z.string();

/**
 * `PATCH /v2/account/defaults?verification_code=1234`: the payout method with its details. Shapes are
 * checked here; the IBAN checksum, the email and address formats and the permission on the server.
 */
export const payoutMethodBody = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank_transfer'),
    account_holder: z.string().check(z.trim(), z.minLength(2), z.maxLength(100)),
    iban: z.string().check(z.trim(), z.minLength(15), z.maxLength(42)),
    bic: z.optional(z.string().check(z.trim(), z.maxLength(11))),
  }),
  z.object({ method: z.literal('paypal_transfer'), email: payoutEmail }),
  z.object({ method: z.literal('paxum_transfer'), email: payoutEmail }),
  z.object({
    method: z.literal('crypto_transfer'),
    currency: cryptoCurrency,
    address: z.string().check(z.trim(), z.minLength(20), z.maxLength(100)),
  }),
]);
export type PayoutMethodBody = z.infer<typeof payoutMethodBody>;
export const payoutDefaultsQuery = z.object({
  /**
   * The emailed 4-digit code; with a second factor on, a code from the app, a recovery code, or a
   * passkey's confirmation (`pk_` and 43 base64url characters).
   */
  verification_code: z.optional(
    z.string().check(z.regex(/^(\d{4}|\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4}|pk_[A-Za-z0-9_-]{43})$/)),
  ),
});

/** A saved method as its owner sees it: never the full account number or address. */
export const payoutMethod = z.object({
  method: payoutMethodKind,
  /** e.g. "PayPal · j•••@example.com", "Bank · DE89 •••• 3000". */
  label: z.string(),
  updated_at: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethod>;

/** `GET /v1/account/info`: what the payout screens need besides the money. */
export const accountInfo = z.object({
  payout_method: z.nullable(payoutMethod),
  /** The methods this creator's permissions allow, in display order. */
  allowed_methods: z.array(payoutMethodKind),
  /** Where the email code goes (masked). */
  email: z.string(),
  /** True when a second factor (app or passkey), not an emailed code, confirms payout changes and requests. */
  second_factor: z.optional(z.boolean()),
  /** True when the person has a passkey: it may confirm in place of the app's code. */
  passkey: z.optional(z.boolean()),
  aml: z.object({
    /** Cumulative payouts above which the form is needed. */
    threshold: credits,
    /** Paid out or requested so far. */
    cumulative: credits,
    submitted: z.boolean(),
    /** True when a payout is waiting for the form. */
    required: z.boolean(),
  }),
});
export type AccountInfo = z.infer<typeof accountInfo>;
export const accountInfoEnvelope = z.object({ data: accountInfo });

/** `POST /v1/users/send-verification-code`: a 4-digit code to the account's email for `action`. */
export const sendVerificationCodeBody = z.object({ action: z._default(z.literal('verify'), 'verify') });
export const sendVerificationCodeResponse = z.object({ email: z.string(), expires_at: z.string() });

export const payoutStatuses = ['on_hold', 'pending', 'completed', 'failed'] as const;
export const payoutStatus = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatus>;

export const payout = z.object({
  _id: z.string(),
  amount: credits,
  amount_in_dollars: z.number(),
  method: payoutMethodKind,
  /** The destination as it was when requested (masked). */
  label: z.string(),
  status: payoutStatus,
  /** Why it failed (the money went back to available). */
  failure_reason: z.nullable(z.string()),
  created_at: z.string(),
  completed_at: z.nullable(z.string()),
});
export type Payout = z.infer<typeof payout>;
export const payoutEnvelope = z.object({ data: payout });

/** `POST /v2/account/payout`: to the saved method; one payout per `idempotency_key`. */
export const payoutRequestBody = z.object({
  amount: z.int().check(z.positive(), z.lte(100_000_000)),
  idempotency_key: z.string().check(z.minLength(1), z.maxLength(100)),
  /** With a second factor on: a code from the authenticator app, or a recovery code. */
  factor_code: z.optional(factorCode),
});
export type PayoutRequestBody = z.infer<typeof payoutRequestBody>;

export const pageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 20),
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
});
export const payoutsPage = z.object({ data: z.array(payout), next: z.nullable(z.string()) });

/** `POST /v1/account/anti-money-laundering`: who is being paid, needed above the threshold. */
export const amlBody = z.object({
  full_name: z.string().check(z.trim(), z.minLength(3), z.maxLength(100)),
  date_of_birth: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  address: z.string().check(z.trim(), z.minLength(5), z.maxLength(300)),
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  tax_id: z.optional(z.string().check(z.trim(), z.maxLength(50))),
});
export type AmlBody = z.infer<typeof amlBody>;

/** `GET /v1/users/referrals`: the creators who signed up with this creator's code. */
export const referral = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.nullable(z.string()),
  joined_at: z.string(),
  /** Referral earnings stop after this time. */
  earns_until: z.string(),
  /** What this referral has earned the referrer so far. */
  earned: credits,
});
export type Referral = z.infer<typeof referral>;
export const referralsPage = z.object({
  data: z.array(referral),
  next: z.nullable(z.string()),
  /** The code others sign up with (the username) and the link that carries it. */
  code: z.string(),
  link: z.string(),
  share_percent: z.number(),
  months: z.int(),
  total_earned: credits,
});
export type ReferralsPage = z.infer<typeof referralsPage>;
