import type { EarningsSource } from '@cove/contracts';

/** The numbers of docs/rules.md, "Earnings and payouts" (the hold is configured: EARNINGS_HOLD_DAYS). */
export const MINIMUM_PAYOUT = 200;
export const AML_THRESHOLD = 20_000;
export const REFERRAL_PERCENT = 5;
export const REFERRAL_MONTHS = 12;

/**
 * Which source each ledger transaction kind that moves a creator's earnings counts as. Kinds not
 * here (payouts and their returns) move money the creator already earned.
 */
export const sourceOfKind: Record<string, EarningsSource> = {
  message: 'messages',
  purchase: 'ppv',
  feed_purchase: 'ppv',
  purchase_revoked: 'ppv',
  tip: 'tips',
  subscription: 'subscriptions',
  subscription_refund: 'subscriptions',
  referral: 'referrals',
  // A creator's commission on credit packages her referred fans buy (package-commission.ts).
  package_commission: 'commissions',
  package_commission_revoked: 'commissions',
};

/** What the platform pays a creator for others' activity, not a sale of her own. */
const notSales: readonly EarningsSource[] = ['referrals', 'commissions'];
/** Sales: what a referrer's share is taken from (not the referred creator's own referral earnings or commissions). */
export const saleKinds = Object.entries(sourceOfKind)
  .filter(([, source]) => !notSales.includes(source))
  .map(([kind]) => kind);
export const earningKinds = Object.keys(sourceOfKind);

/** Ledger transaction kinds of a payout's life. */
export const payoutKinds = {
  requested: 'payout',
  completed: 'payout_completed',
  returned: 'payout_failed',
} as const;
