import type { creditPackagesResponse, CreditPackage, PaymentResponse } from '@cove/contracts';

/** What is on offer: the packages, the card processor's form, the first-purchase bonus, crypto. */
export type Offer = ReturnType<typeof creditPackagesResponse.parse>;

/** What came of a card payment, as the page shows it. */
export type Outcome =
  | { kind: 'success'; added: number; balance: number | null; paymentId: string }
  | { kind: 'pending' }
  | { kind: 'redirect'; url: string }
  | { kind: 'failed' };

/** The server's answer to a payment for `pkg`: the card check to go to, or how it ended. */
export function outcomeOf(answer: PaymentResponse, pkg: CreditPackage, offer: Offer): Outcome {
  if (answer.three_ds && answer.redirect_url) return { kind: 'redirect', url: answer.redirect_url };
  if (answer.result === 'failed') return { kind: 'failed' };
  if (answer.result === 'pending') return { kind: 'pending' };
  return {
    kind: 'success',
    added: pkg.amount + pkg.bonus + offer.first_purchase_bonus,
    balance: answer.credits,
    paymentId: answer.payment_id,
  };
}
