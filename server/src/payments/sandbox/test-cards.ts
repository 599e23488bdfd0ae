import { brandOfPrefix, type CardBrand } from '@cove/contracts';

/**
 * The sandbox's test cards, after Stripe's: the number decides what a payment with the card does. Any
 * other valid Visa or Mastercard number succeeds. A card's number is only read here, once, to tell its
 * behaviour; the sandbox keeps the behaviour, brand and last four, never the number.
 */
export type CardBehaviour = 'succeeds' | 'requires_3ds' | 'declined' | 'insufficient_funds' | 'expired';

export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; outcome: string }[] = [
  { number: '4242424242424242', behaviour: 'succeeds', outcome: 'Visa: succeeds' },
  { number: '5555555555554444', behaviour: 'succeeds', outcome: 'Mastercard: succeeds' },
  { number: '4000000000003220', behaviour: 'requires_3ds', outcome: 'Visa: asks for 3-D Secure' },
  { number: '4000000000000002', behaviour: 'declined', outcome: 'Visa: declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', outcome: 'Visa: insufficient funds' },
  { number: '4000000000000069', behaviour: 'expired', outcome: 'Visa: expired card' },
];

/** A whole Visa (13 or 16 digits) or Mastercard (16) number's brand; null for anything else. */
export function brandOf(digits: string): CardBrand | null {
  const brand = brandOfPrefix(digits);
  if (brand === 'VISA') return /^4(\d{12}|\d{15})$/.test(digits) ? brand : null;
  return brand && /^\d{16}$/.test(digits) ? brand : null;
}

export const behaviourOf = (digits: string): CardBehaviour =>
  TEST_CARDS.find((c) => c.number === digits)?.behaviour ?? 'succeeds';
